/**
 * What a project's stored files take: the sum of their sizes as their rows say
 * (`storage.objects.metadata->>'size'`), so the same whatever backend holds the bytes. Part of the
 * disk used (disk-usage.ts), so the quota's warnings and read-only mode see the files too.
 *
 * Read as `service_role` on the data API's `authenticator` session, never as the superuser:
 * members own what is in `storage.objects` and may change the table itself (they belong to its
 * owner role to write policies), so a column of their own type with their own cast, or a rule
 * (Postgres 15), could run their code as whoever reads it. As service_role it runs with no more
 * rights than the project's service key has. A size that is not a number, or below zero, counts 0.
 */
import { requireRunning, restPool } from '../rest/pool.ts';
import { withRequestTransaction } from '../rest/transaction.ts';
import type { ProjectRow } from '../store/projects.ts';
import type { PlatformContext } from '../kernel/context.ts';

/** A member's table may be slow to read (a trigger-made mess, a lock): the disk figures do not wait on it. */
const STORAGE_USAGE_TIMEOUT = '5s';

const SERVICE_ROLE = { role: 'service_role', claims: { role: 'service_role' } } as const;

const SUM_SQL = `
  select coalesce(sum(greatest((metadata->>'size')::numeric, 0)) filter (where jsonb_typeof(metadata->'size') = 'number'), 0)::text as bytes
    from storage.objects`;

/** The bytes the project's stored objects take; throws when they cannot be read. */
export async function storedBytes(ctx: PlatformContext, row: ProjectRow): Promise<number> {
  requireRunning(row);
  const request = { auth: SERVICE_ROLE, method: 'GET', path: '/platform/disk-usage', headers: {}, schema: 'storage', rollback: false, readOnly: true };
  return withRequestTransaction(restPool(ctx, row), request, async (client) => {
    await client.query(`select set_config('statement_timeout', $1, true)`, [STORAGE_USAGE_TIMEOUT]);
    const { rows } = await client.query<{ bytes: string }>(SUM_SQL);
    return Number(rows[0]?.bytes ?? 0);
  });
}
