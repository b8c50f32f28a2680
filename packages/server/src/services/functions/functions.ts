/**
 * Edge functions as members manage them (the Supabase CLI's management API): deploy a bundle of
 * files as a new version, list, read, change, delete, download the files back, and the project's
 * function secrets. Reads need `functions:read`, changes `functions:write`; secrets their own
 * permissions. A change here reaches this process's gateway at once and other replicas within a
 * second; the workers of a replaced version end once their requests are done.
 */
import {
  FUNCTIONS_MESSAGES,
  type DeployFunctionMetadata,
  type EdgeFunction,
  type FunctionsRuntimeStatus,
  type SecretItem,
  type UpdateFunctionBody,
} from '@basin/core/schemas';
import { createHash } from 'node:crypto';
import { forgetFunctionEnv } from '../../functions/env.ts';
import { forgetFunctionRoutes } from '../../functions/invoke.ts';
import { functionsRuntime } from '../../functions/runtime.ts';
import { badRequest, notFound } from '../../kernel/errors.ts';
import * as logs from '../../store/functions-logs.ts';
import * as secretsStore from '../../store/functions-secrets.ts';
import * as store from '../../store/functions.ts';
import { requirePermission, requireProject } from '../organizations/access.ts';
import { findOutsideImport, outsideImportMessage } from './function-imports.ts';
import type { PlatformContext } from '../../kernel/context.ts';

/** The most a function's files may weigh together, as on the hosted platform. */
export const FUNCTION_BUNDLE_MAX_MB = 20;

export interface UploadedFile {
  /** Relative to the bundle's root, as the CLI names its file parts. */
  path: string;
  content: Buffer;
}

const asApi = (row: store.FunctionRow): EdgeFunction => ({
  id: row.id,
  slug: row.slug,
  name: row.name,
  status: row.status,
  version: row.version,
  created_at: row.created_at.getTime(),
  updated_at: row.updated_at.getTime(),
  verify_jwt: row.verify_jwt,
  import_map: row.import_map_path !== null,
  entrypoint_path: row.entrypoint_path,
  import_map_path: row.import_map_path,
  ezbr_sha256: row.sha256,
});

async function projectFor(ctx: PlatformContext, ref: string, userId: string, permission: 'functions:read' | 'functions:write') {
  const project = await requireProject(ctx.db, ref, userId);
  requirePermission(project.role, permission, permission === 'functions:write' ? FUNCTIONS_MESSAGES.noPermission : undefined);
  return project;
}

export async function listFunctions(ctx: PlatformContext, ref: string, userId: string): Promise<EdgeFunction[]> {
  await projectFor(ctx, ref, userId, 'functions:read');
  return (await store.list(ctx.db, ref)).map(asApi);
}

/** How this server runs functions, for the warning on the Edge Functions pages. */
export async function functionsRuntimeStatus(ctx: PlatformContext, ref: string, userId: string): Promise<FunctionsRuntimeStatus> {
  await projectFor(ctx, ref, userId, 'functions:read');
  const confinement = await functionsRuntime(ctx).confinement();
  return { sandbox: confinement.mode, reason: confinement.mode === 'unavailable' ? confinement.reason : null };
}

async function requireFunction(ctx: PlatformContext, ref: string, slug: string): Promise<store.FunctionRow> {
  const row = await store.find(ctx.db, ref, slug);
  if (!row) throw notFound('Function');
  return row;
}

export async function getFunction(ctx: PlatformContext, ref: string, slug: string, userId: string): Promise<EdgeFunction> {
  await projectFor(ctx, ref, userId, 'functions:read');
  return asApi(await requireFunction(ctx, ref, slug));
}

/** `./a/b.ts` → `a/b.ts`; undefined for a path that is absolute or leaves the bundle. */
export function bundlePath(raw: string): string | undefined {
  const path = raw.replace(/^(\.\/)+/, '');
  if (!path || path.startsWith('/') || path.includes('\\') || path.includes('\0')) return undefined;
  const segments = path.split('/');
  return segments.every((s) => s !== '' && s !== '.' && s !== '..') ? path : undefined;
}

const filesDigest = (files: UploadedFile[]) => {
  const hash = createHash('sha256');
  for (const file of [...files].sort((a, b) => (a.path < b.path ? -1 : 1)))
    hash.update(file.path).update('\0').update(file.content).update('\0');
  return hash.digest('hex');
};

function afterChange(ctx: PlatformContext, ref: string, slug: string): void {
  forgetFunctionRoutes(ref, slug);
  functionsRuntime(ctx).retire(ref, slug);
}

/** A deleted project's functions: its workers end and their files go (the rows go with the project's). */
export async function removeProjectFunctions(ctx: PlatformContext, ref: string): Promise<void> {
  forgetFunctionRoutes(ref);
  await functionsRuntime(ctx).removeProject(ref);
}

/** Stores the files as the function's new version and makes it current (the function is created on its first deploy). */
export async function deployFunction(
  ctx: PlatformContext,
  ref: string,
  userId: string,
  deploy: { slug: string; metadata: DeployFunctionMetadata; files: UploadedFile[] },
): Promise<EdgeFunction> {
  await projectFor(ctx, ref, userId, 'functions:write');
  const { slug, metadata } = deploy;
  if (!deploy.files.length) throw badRequest(FUNCTIONS_MESSAGES.noFiles);
  const files = new Map<string, Buffer>();
  for (const file of deploy.files) {
    const path = bundlePath(file.path);
    if (!path) throw badRequest(FUNCTIONS_MESSAGES.badFilePath(file.path.slice(0, 200)));
    files.set(path, file.content);
  }
  const size = [...files.values()].reduce((sum, content) => sum + content.length, 0);
  if (size > FUNCTION_BUNDLE_MAX_MB * 1024 * 1024) throw badRequest(FUNCTIONS_MESSAGES.bundleTooLarge(FUNCTION_BUNDLE_MAX_MB));
  const entrypointPath = bundlePath(metadata.entrypoint_path);
  if (!entrypointPath || !files.has(entrypointPath))
    throw badRequest(FUNCTIONS_MESSAGES.entrypointMissing(metadata.entrypoint_path.slice(0, 200)));
  const importMapPath = metadata.import_map_path ? bundlePath(metadata.import_map_path) : null;
  if (metadata.import_map_path && (!importMapPath || !files.has(importMapPath)))
    throw badRequest(FUNCTIONS_MESSAGES.importMapMissing(metadata.import_map_path.slice(0, 200)));
  const outside = await findOutsideImport(files, importMapPath ?? null);
  if (outside) throw badRequest(outsideImportMessage(outside));
  const uploaded = [...files].map(([path, content]) => ({ path, content }));
  const row = await store.deploy(ctx.db, {
    ref,
    slug,
    name: metadata.name ?? slug,
    verifyJwt: metadata.verify_jwt ?? true,
    entrypointPath,
    importMapPath: importMapPath ?? null,
    staticPatterns: metadata.static_patterns ?? [],
    sha256: filesDigest(uploaded),
    files: uploaded,
  });
  afterChange(ctx, ref, slug);
  return asApi(row);
}

export async function updateFunction(
  ctx: PlatformContext,
  ref: string,
  slug: string,
  userId: string,
  body: UpdateFunctionBody,
): Promise<EdgeFunction> {
  await projectFor(ctx, ref, userId, 'functions:write');
  if (!(await store.update(ctx.db, ref, slug, { name: body.name, verifyJwt: body.verify_jwt }))) throw notFound('Function');
  afterChange(ctx, ref, slug);
  return asApi(await requireFunction(ctx, ref, slug));
}

export async function deleteFunction(ctx: PlatformContext, ref: string, slug: string, userId: string): Promise<void> {
  await projectFor(ctx, ref, userId, 'functions:write');
  if (!(await store.remove(ctx.db, ref, slug))) throw notFound('Function');
  afterChange(ctx, ref, slug);
}

/** The current version's files and its metadata, as a deploy would send them. */
export async function functionBody(
  ctx: PlatformContext,
  ref: string,
  slug: string,
  userId: string,
): Promise<{ metadata: DeployFunctionMetadata; files: UploadedFile[] }> {
  await projectFor(ctx, ref, userId, 'functions:read');
  const row = await requireFunction(ctx, ref, slug);
  const files = await store.versionFiles(ctx.db, row.id, row.version);
  return {
    metadata: { entrypoint_path: row.entrypoint_path, import_map_path: row.import_map_path, verify_jwt: row.verify_jwt, name: row.name },
    files,
  };
}

/** The function's latest invocations and console lines, newest first (the details page). */
export async function functionActivity(ctx: PlatformContext, ref: string, slug: string, userId: string) {
  await projectFor(ctx, ref, userId, 'functions:read');
  const row = await requireFunction(ctx, ref, slug);
  const [invocations, lines] = await Promise.all([logs.recentInvocations(ctx.db, ref, row.id), logs.recentConsole(ctx.db, ref, row.id)]);
  return { invocations, logs: lines };
}

const digest = (value: string) => createHash('sha256').update(value).digest('hex');

export async function listSecrets(ctx: PlatformContext, ref: string, userId: string): Promise<SecretItem[]> {
  const project = await requireProject(ctx.db, ref, userId);
  requirePermission(project.role, 'functions.secrets:read', FUNCTIONS_MESSAGES.noSecretsPermission);
  return (await secretsStore.list(ctx.db, ref)).map((row) => ({
    name: row.name,
    value: row.digest,
    updated_at: row.updated_at.toISOString(),
  }));
}

function afterSecretsChange(ctx: PlatformContext, ref: string): void {
  forgetFunctionEnv(ref);
  functionsRuntime(ctx).retire(ref);
}

export async function setSecrets(
  ctx: PlatformContext,
  ref: string,
  userId: string,
  secrets: { name: string; value: string }[],
): Promise<void> {
  const project = await requireProject(ctx.db, ref, userId);
  requirePermission(project.role, 'functions.secrets:write', FUNCTIONS_MESSAGES.noSecretsPermission);
  const latest = new Map(secrets.map((s) => [s.name, s.value]));
  await secretsStore.upsertMany(
    ctx.db,
    ref,
    [...latest].map(([name, value]) => ({ name, sealed: ctx.box.seal(value), digest: digest(value) })),
  );
  afterSecretsChange(ctx, ref);
}

export async function deleteSecrets(ctx: PlatformContext, ref: string, userId: string, names: string[]): Promise<void> {
  const project = await requireProject(ctx.db, ref, userId);
  requirePermission(project.role, 'functions.secrets:write', FUNCTIONS_MESSAGES.noSecretsPermission);
  await secretsStore.removeMany(ctx.db, ref, names);
  afterSecretsChange(ctx, ref);
}
