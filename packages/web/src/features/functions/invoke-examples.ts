import { projectApiOrigin } from '../../data/projects/project-api-urls';

/** Where the function answers: `{project API}/functions/v1/{slug}` (spec part 1 §2). */
export const functionUrl = (restUrl: string | undefined, slug: string) =>
  `${projectApiOrigin(restUrl)}/functions/v1/${encodeURIComponent(slug)}`;

export const ANON_KEY_PLACEHOLDER = '<anon-key>';

export type InvokeLanguage = 'curl' | 'javascript';

/** A POST with a JSON body, the starter function's `name`. */
export function curlExample(url: string, anonKey: string): string {
  return [
    `curl -i --request POST '${url}' \\`,
    `  --header 'Authorization: Bearer ${anonKey}' \\`,
    `  --header 'Content-Type: application/json' \\`,
    `  --data '{ "name": "Functions" }'`,
  ].join('\n');
}

export function supabaseJsExample(projectUrl: string, anonKey: string, slug: string): string {
  return [
    `import { createClient } from '@supabase/supabase-js'`,
    ``,
    `const supabase = createClient('${projectUrl}', '${anonKey}')`,
    ``,
    `const { data, error } = await supabase.functions.invoke('${slug}', {`,
    `  body: { name: 'Functions' },`,
    `})`,
  ].join('\n');
}
