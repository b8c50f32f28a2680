/**
 * Signed URLs, as Supabase Storage makes them: an HS256 JWT signed with the project's JWT secret
 * whose `url` claim is `{bucket}/{key}`, with `iat` and `exp`. A download token is served to
 * anyone who holds it (no key: the gateway lets `GET /object/sign/...` through); an upload token
 * (signed upload URLs, two hours) also names the user who asked (`owner`), whether it may
 * replace (`upsert`), and is marked as an upload token so neither kind stands in for the other.
 * Both are made only for a caller whose policies allow the read or the upload at that moment.
 */
import { errors, jwtVerify, SignJWT } from 'jose';
import { projectJwtSecret } from '../services/api/api-keys.ts';
import type { PlatformContext } from '../kernel/context.ts';
import type { ProjectRow } from '../store/projects.ts';
import { invalidJwt, invalidRequest, missingParameter, StorageApiError } from './errors.ts';

export const UPLOAD_URL_SECONDS = 2 * 60 * 60;
const MAX_EXPIRY_SECONDS = 10 * 365 * 24 * 60 * 60;
const UPLOAD_PURPOSE = 'storage-upload';

export interface UploadGrant {
  owner: string | null;
  ownerId: string | null;
  upsert: boolean;
}

const secretOf = async (ctx: PlatformContext, project: ProjectRow) => new TextEncoder().encode(await projectJwtSecret(ctx, project.ref));

/** A body's `expiresIn`: whole seconds, at least one. */
export function expiresInOf(value: unknown): number {
  if (value === undefined || value === null) throw missingParameter('expiresIn');
  const seconds = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
  if (typeof seconds !== 'number' || !Number.isSafeInteger(seconds) || seconds < 1 || seconds > MAX_EXPIRY_SECONDS) {
    throw invalidRequest('expiresIn must be a whole number of seconds, at least 1');
  }
  return seconds;
}

async function sign(ctx: PlatformContext, project: ProjectRow, claims: Record<string, unknown>, seconds: number): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt(now)
    .setExpirationTime(now + seconds)
    .sign(await secretOf(ctx, project));
}

/**
 * The path of a signed download URL, relative to `/storage/v1`; with a transformation (its
 * `x-transformations` text, transform.ts) a signed render URL whose token fixes it, as Supabase's.
 */
export async function signedDownloadPath(
  ctx: PlatformContext,
  project: ProjectRow,
  bucket: string,
  key: string,
  seconds: number,
  transformations?: string,
): Promise<string> {
  if (transformations) {
    const token = await sign(ctx, project, { url: `${bucket}/${key}`, transformations }, seconds);
    return `/render/image/sign/${bucket}/${key}?token=${token}`;
  }
  const token = await sign(ctx, project, { url: `${bucket}/${key}` }, seconds);
  return `/object/sign/${bucket}/${key}?token=${token}`;
}

/** The path and token of a signed upload URL, relative to `/storage/v1`. */
export async function signedUploadPath(
  ctx: PlatformContext,
  project: ProjectRow,
  bucket: string,
  key: string,
  grant: UploadGrant,
): Promise<{ url: string; token: string }> {
  const token = await sign(
    ctx,
    project,
    { url: `${bucket}/${key}`, owner: grant.owner, owner_id: grant.ownerId, upsert: grant.upsert, purpose: UPLOAD_PURPOSE },
    UPLOAD_URL_SECONDS,
  );
  return { url: `/object/upload/sign/${bucket}/${key}?token=${token}`, token };
}

async function verify(
  ctx: PlatformContext,
  project: ProjectRow,
  token: string | null,
  bucket: string,
  key: string,
): Promise<Record<string, unknown>> {
  if (!token) throw missingParameter('token');
  let payload: Record<string, unknown>;
  try {
    ({ payload } = await jwtVerify(token, await secretOf(ctx, project), { algorithms: ['HS256'] }));
  } catch (error) {
    if (error instanceof errors.JWTExpired) throw invalidJwt('jwt expired');
    if (error instanceof errors.JWSSignatureVerificationFailed) throw invalidJwt('invalid signature');
    throw invalidJwt('jwt malformed');
  }
  if (payload.url !== `${bucket}/${key}`)
    throw new StorageApiError(400, 'InvalidSignature', 'Invalid Signature', 'The url do not match the signature');
  return payload;
}

/** Throws unless `token` is a live download token for this object; answers the transformation it fixes ('' for none). */
export async function verifyDownloadToken(
  ctx: PlatformContext,
  project: ProjectRow,
  token: string | null,
  bucket: string,
  key: string,
): Promise<{ transformations: string }> {
  const payload = await verify(ctx, project, token, bucket, key);
  if (payload.purpose !== undefined) throw invalidJwt('This token is not a download token');
  return { transformations: typeof payload.transformations === 'string' ? payload.transformations : '' };
}

/** What a live upload token for this object grants. */
export async function verifyUploadToken(
  ctx: PlatformContext,
  project: ProjectRow,
  token: string | null,
  bucket: string,
  key: string,
): Promise<UploadGrant> {
  const payload = await verify(ctx, project, token, bucket, key);
  if (payload.purpose !== UPLOAD_PURPOSE) throw invalidJwt('This token is not an upload token');
  const text = (value: unknown) => (typeof value === 'string' && value ? value : null);
  return { owner: text(payload.owner), ownerId: text(payload.owner_id), upsert: payload.upsert === true };
}
