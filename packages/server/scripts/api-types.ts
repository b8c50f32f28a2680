/**
 * The web's API types: packages/web/src/data/api-types/{platform,v1,ai}.ts, made by
 * openapi-typescript from the OpenAPI documents the server publishes (/api/platform, /api/v1 and
 * /api/ai, each at /openapi.json). The documents come from the app itself, built on a context whose
 * database, driver, queue and secrets throw if touched: building routes and serving the documents
 * needs none of them, so no Postgres runs.
 *
 *   npm run api-types                                        write the files (part of `npm run typecheck`)
 *   npx tsx packages/server/scripts/api-types.ts --check     exit 1 when a committed file is stale
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';
import type { Auth } from '../src/auth.ts';
import { configFromEnv } from '../src/config.ts';
import { createApp } from '../src/http/app.ts';
import type { PlatformContext } from '../src/kernel/context.ts';
import { createLogger } from '../src/logger.ts';

/** The documents, by the name of their generated file. */
export const API_DOCUMENTS = { platform: '/api/platform', v1: '/api/v1', ai: '/api/ai' } as const;
export type ApiDocumentName = keyof typeof API_DOCUMENTS;

export const API_TYPES_DIR = fileURLToPath(new URL('../../web/src/data/api-types/', import.meta.url));

/** A part of the context that no route builder may use: it throws, naming what was touched. */
function untouchable<T>(name: string): T {
  const refuse = (_target: object, key: string | symbol) => {
    if (key === 'then') return undefined; // not a promise
    throw new Error(`Building the OpenAPI documents used ${name}.${String(key)}; they must build without a running platform`);
  };
  return new Proxy({}, { get: refuse }) as T;
}

/** The three documents as the running server serves them. */
export async function apiDocuments(): Promise<Record<ApiDocumentName, object>> {
  const ctx: PlatformContext = {
    config: configFromEnv({}),
    db: untouchable('db'),
    driver: untouchable('driver'),
    queue: untouchable('queue'),
    box: untouchable('box'),
    logger: createLogger('silent'),
  };
  const auth = { options: { trustedOrigins: [] }, api: untouchable('auth.api') } as unknown as Auth;
  const app = createApp(ctx, auth);
  const documents = {} as Record<ApiDocumentName, object>;
  for (const [name, prefix] of Object.entries(API_DOCUMENTS) as [ApiDocumentName, string][]) {
    const response = await app.request(`${prefix}/openapi.json`);
    if (!response.ok) throw new Error(`${prefix}/openapi.json answered ${response.status}`);
    documents[name] = (await response.json()) as object;
  }
  return documents;
}

const header = (name: ApiDocumentName) =>
  [
    '// GENERATED FILE, do not edit. The types of the OpenAPI document at',
    `// ${API_DOCUMENTS[name]}/openapi.json, written by packages/server/scripts/api-types.ts with`,
    '// openapi-typescript. Regenerate with `npm run api-types` (`npm run typecheck` runs it too).',
    '',
  ].join('\n');

/** Each generated file's text, by file name. */
export async function generateApiTypes(): Promise<Record<string, string>> {
  const files: Record<string, string> = {};
  for (const [name, document] of Object.entries(await apiDocuments()) as [ApiDocumentName, object][]) {
    // defaultNonNullable off: a request field with a default is optional to send (the documents
    // already list answer fields, always present, as required).
    const ast = await openapiTS(document as Parameters<typeof openapiTS>[0], { silent: true, defaultNonNullable: false });
    files[`${name}.ts`] = `${header(name)}\n${astToString(ast)}`;
  }
  return files;
}

/** The generated files whose committed text differs from a fresh generation. */
export async function staleApiTypes(): Promise<string[]> {
  const stale: string[] = [];
  for (const [file, text] of Object.entries(await generateApiTypes())) {
    const committed = await readFile(API_TYPES_DIR + file, 'utf8').catch(() => undefined);
    if (committed !== text) stale.push(file);
  }
  return stale;
}

async function main(check: boolean) {
  if (check) {
    const stale = await staleApiTypes();
    if (stale.length === 0) return;
    console.error(`Stale API types in ${API_TYPES_DIR}: ${stale.join(', ')}. Run npm run api-types.`);
    process.exitCode = 1;
    return;
  }
  await mkdir(API_TYPES_DIR, { recursive: true });
  for (const [file, text] of Object.entries(await generateApiTypes())) {
    const committed = await readFile(API_TYPES_DIR + file, 'utf8').catch(() => undefined);
    if (committed !== text) await writeFile(API_TYPES_DIR + file, text);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main(process.argv.includes('--check'));
