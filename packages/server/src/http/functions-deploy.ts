import { createRoute, z } from '@hono/zod-openapi';
import { DeployFunctionMetadata, DeployFunctionQuery, EdgeFunction, FUNCTIONS_MESSAGES, ProjectRef } from '@basin/core/schemas';
import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { PlatformContext } from '../kernel/context.ts';
import { deployFunction, FUNCTION_BUNDLE_MAX_MB, type UploadedFile } from '../services/functions/functions.ts';
import { badRequest, HttpError } from '../kernel/errors.ts';
import { createRouter, ERRORS, json, validationMessage } from './openapi.ts';

const DEPLOY_PATH = '/projects/{ref}/functions/deploy';

/** The form's overhead beside the files: metadata and part headers. */
const deployBodyLimit = bodyLimit({
  maxSize: (FUNCTION_BUNDLE_MAX_MB + 1) * 1024 * 1024,
  onError: (c) => c.json({ message: FUNCTIONS_MESSAGES.bundleTooLarge(FUNCTION_BUNDLE_MAX_MB) }, 413),
});

/**
 * Errors answer `{ message }`; the dashboard shows them as 'Failed to deploy edge function: {message}'.
 * `POST /v1/projects/{ref}/functions/deploy?slug=` as the Supabase CLI sends it: a multipart form
 * with a `metadata` part (JSON) and one `file` part per file, its filename being its path
 * relative to the bundle. The only multipart route of the API, so it is mounted ahead of the
 * JSON-only input guard with its own `guards` (access token or session, same-origin, body limit).
 */
export function functionDeployRoutes(ctx: PlatformContext, guards: MiddlewareHandler[] = []) {
  const router = createRouter();
  if (guards.length) router.use('/projects/:ref/functions/deploy', deployBodyLimit, ...guards);
  return router.openapi(
    createRoute({
      method: 'post',
      path: DEPLOY_PATH,
      tags: ['Edge Functions'],
      description:
        'multipart/form-data: `metadata` (JSON: entrypoint_path, import_map_path, verify_jwt, name, static_patterns) and `file` parts named by their relative paths.',
      request: { params: z.object({ ref: ProjectRef }), query: DeployFunctionQuery },
      responses: {
        201: json(EdgeFunction, 'The function, its new version current'),
        ...ERRORS,
        413: json(z.object({ message: z.string() }), 'The files are too large'),
      },
    }),
    async (c) => {
      const { ref } = c.req.valid('param');
      const { slug } = c.req.valid('query');
      if (!slug) throw badRequest(FUNCTIONS_MESSAGES.slugRequired);
      const { metadata, files } = await readDeployForm(c.req.raw);
      return c.json(await deployFunction(ctx, ref, c.var.userId, { slug, metadata, files }), 201);
    },
  );
}

async function readDeployForm(request: Request): Promise<{ metadata: DeployFunctionMetadata; files: UploadedFile[] }> {
  const fail = badRequest;
  if (!/^multipart\/form-data/i.test(request.headers.get('content-type') ?? ''))
    throw new HttpError(415, 'The request body must be multipart/form-data');
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    throw fail('Malformed multipart form');
  }
  const rawMetadata = form.get('metadata');
  const metadataText = typeof rawMetadata === 'string' ? rawMetadata : rawMetadata ? await rawMetadata.text() : undefined;
  if (metadataText === undefined) throw fail(FUNCTIONS_MESSAGES.metadataRequired);
  let parsedJson: unknown;
  try {
    parsedJson = JSON.parse(metadataText);
  } catch {
    throw fail(FUNCTIONS_MESSAGES.metadataInvalid('not JSON'));
  }
  const parsed = DeployFunctionMetadata.safeParse(parsedJson);
  if (!parsed.success) throw fail(FUNCTIONS_MESSAGES.metadataInvalid(validationMessage(parsed.error)));
  const files: UploadedFile[] = [];
  for (const [name, value] of form.entries()) {
    if (name === 'metadata' || typeof value === 'string') continue;
    files.push({ path: value.name, content: Buffer.from(await value.arrayBuffer()) });
  }
  return { metadata: parsed.data, files };
}
