import { z } from 'zod';
import { FUNCTION_SLUG_MAX_LENGTH, FUNCTION_SLUG_PATTERN } from '@basin/core/schemas';

/** The entrypoint a new function starts with, as `supabase functions new` names it. */
export const ENTRYPOINT = 'index.ts';

/** The starter function: answers JSON to any method, and logs a line to see in the details page. */
export const STARTER_CODE = `// Runs on Deno: https://docs.deno.com/runtime/
// Secrets: Deno.env.get('MY_SECRET'); the project's URL and keys: Deno.env.get('SUPABASE_URL') ...

Deno.serve(async (req) => {
  const { name } = await req.json().catch(() => ({ name: 'world' }))
  console.log(\`Saying hello to \${name}\`)

  return Response.json({ message: \`Hello \${name}!\` })
})
`;

/** Names the CLI treats as the import map (deno.json first). */
const IMPORT_MAP_NAMES = ['deno.json', 'deno.jsonc', 'import_map.json'];

export const importMapPath = (paths: string[]) => IMPORT_MAP_NAMES.find((name) => paths.includes(name)) ?? null;

/** `My Function!` → `my-function`: what a name becomes as a slug until the slug is typed in. */
export function slugify(name: string): string {
  const slug = name
    .trim()
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9_-]+/g, '-')
    .replace(/^[^a-z]+/, '')
    .replace(/-+/g, '-')
    .replace(/-$/, '');
  return slug.slice(0, FUNCTION_SLUG_MAX_LENGTH);
}

const filePath = z
  .string()
  .trim()
  .min(1, 'A file needs a name')
  .refine((path) => !path.startsWith('/') && !path.includes('\\'), 'Use a path relative to the function, e.g. lib/greet.ts')
  .refine(
    (path) =>
      path
        .replace(/^\.\//, '')
        .split('/')
        .every((part) => part !== '' && part !== '.' && part !== '..'),
    'A path stays inside the function: no empty, . or .. parts',
  );

export const FunctionFile = z.object({
  path: filePath,
  content: z.string(),
  /** Binary files come back from the server as they are; the editor leaves them alone. */
  blob: z.instanceof(Blob).optional(),
});
export type FunctionFile = z.infer<typeof FunctionFile>;

/** The files of a deploy: the first is the entrypoint and must have code; paths are unique. */
export const FunctionFiles = z
  .array(FunctionFile)
  .min(1, 'A function needs at least one file')
  .superRefine((files, context) => {
    const seen = new Set<string>();
    files.forEach((file, index) => {
      const path = file.path.trim().replace(/^\.\//, '');
      if (seen.has(path)) context.addIssue({ code: 'custom', path: [index, 'path'], message: `There are two files named ${path}` });
      seen.add(path);
    });
    if (files[0] && !files[0].blob && !files[0].content.trim()) {
      context.addIssue({ code: 'custom', path: [0, 'content'], message: 'Edge function code must be non-empty' });
    }
  });

export const DeployFunctionForm = z.object({
  name: z.string().trim().min(1, 'Give the function a name').max(128, 'A name is at most 128 characters'),
  slug: z
    .string()
    .trim()
    .min(1, 'Give the function a slug: it is the last part of its URL')
    .max(FUNCTION_SLUG_MAX_LENGTH, `A slug is at most ${FUNCTION_SLUG_MAX_LENGTH} characters`)
    .regex(FUNCTION_SLUG_PATTERN, 'A slug starts with a letter and holds only letters, digits, _ and -'),
  verifyJwt: z.boolean(),
  files: FunctionFiles,
});
export type DeployFunctionFormInput = z.input<typeof DeployFunctionForm>;
export type DeployFunctionFormValues = z.output<typeof DeployFunctionForm>;

export const EditFunctionCodeForm = z.object({ files: FunctionFiles });
export type EditFunctionCodeFormValues = z.output<typeof EditFunctionCodeForm>;

/** The paths as the server stores them (no leading `./`). */
export const normalizedFiles = (files: FunctionFile[]) =>
  files.map((file) => ({ ...file, path: file.path.trim().replace(/^(\.\/)+/, '') }));
