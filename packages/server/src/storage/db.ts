/**
 * The storage API's statements run as the data API's do (rest/transaction.ts): one transaction on
 * an `authenticator` session switched to the request's role with its claims, so the policies
 * members write on `storage.objects` and `storage.buckets` decide, and `service_role` bypasses
 * them. What the platform itself must read whoever asks (a public bucket's object, the object a
 * signed URL names, a bucket's limits before an upload) runs as `service_role`.
 */
import type pg from 'pg';
import { requireRunning, restPool } from '../rest/pool.ts';
import type { RequestAuth } from '../rest/request-auth.ts';
import { withRequestTransaction } from '../rest/transaction.ts';
import type { PlatformContext } from '../kernel/context.ts';
import type { ProjectRow } from '../store/projects.ts';
import { asStorageError } from './errors.ts';

/** Who a storage statement runs as, and the request it serves (for `request.headers` and friends). */
export interface StorageCaller {
  ctx: PlatformContext;
  project: ProjectRow;
  auth: RequestAuth;
  method: string;
  path: string;
  headers: Record<string, string>;
}

export const SERVICE_ROLE: RequestAuth = { role: 'service_role', claims: { role: 'service_role' } };

/** The same request, run as service_role. */
export const asServiceRole = (caller: StorageCaller): StorageCaller => ({ ...caller, auth: SERVICE_ROLE });

/** One transaction as the caller; database errors come out as Supabase Storage's. */
export async function inTransaction<T>(
  caller: StorageCaller,
  work: (client: pg.PoolClient) => Promise<T>,
  { readOnly = false } = {},
): Promise<T> {
  try {
    requireRunning(caller.project);
    const request = {
      auth: caller.auth,
      method: caller.method,
      path: caller.path,
      headers: caller.headers,
      schema: 'storage',
      rollback: false,
      readOnly,
    };
    return await withRequestTransaction(restPool(caller.ctx, caller.project), request, work);
  } catch (error) {
    throw asStorageError(error);
  }
}

/** Runs `work` and undoes it: whether the caller's policies let a statement through. */
export async function wouldSucceed(caller: StorageCaller, work: (client: pg.PoolClient) => Promise<unknown>): Promise<void> {
  try {
    requireRunning(caller.project);
    const request = {
      auth: caller.auth,
      method: caller.method,
      path: caller.path,
      headers: caller.headers,
      schema: 'storage',
      rollback: true,
    };
    await withRequestTransaction(restPool(caller.ctx, caller.project), request, work);
  } catch (error) {
    throw asStorageError(error);
  }
}

/** The caller's user id as `storage.objects.owner` takes it (a uuid), and as `owner_id` (any text). */
export function ownerOf(auth: RequestAuth): { owner: string | null; ownerId: string | null } {
  const sub = typeof auth.claims.sub === 'string' && auth.claims.sub ? auth.claims.sub : null;
  const isUuid = sub !== null && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(sub);
  return { owner: isUuid ? sub : null, ownerId: sub };
}
