/**
 * Who may use a private channel, decided by the project's own policies on `realtime.messages`, as
 * Supabase Realtime decides it: a channel's topic is readable when the role and claims may select
 * a broadcast or presence message of that topic, writable when they may insert one, with
 * `realtime.topic()` returning the topic under check. The check inserts probe messages as the
 * superuser, switches to the role for the selects and the insert, and rolls everything back.
 */
import type { PlatformContext } from '../kernel/context.ts';
import type { ApiRequestAuth } from '../rest/request-auth.ts';
import { instanceSpec } from '../services/projects/project-instance.ts';
import type { ProjectRow } from '../store/projects.ts';

export interface ChannelPolicies {
  read: boolean;
  write: boolean;
}

const CHECK_TIMEOUT_MS = 10_000;

/** The subscriber's role and claims, local to the check's transaction, and the topic it is about. */
const BECOME = `select set_config('role', $1, true), set_config('request.jwt.claims', $2, true),
  set_config('request.jwt.claim.sub', $3, true), set_config('request.jwt.claim.role', $1, true), set_config('realtime.topic', $4, true)`;

export async function channelPolicies(
  ctx: PlatformContext,
  project: ProjectRow,
  auth: ApiRequestAuth,
  topic: string,
): Promise<ChannelPolicies> {
  if (auth.role === 'service_role') return { read: true, write: true };
  return ctx.driver.adminSession(instanceSpec(project, ctx.box), CHECK_TIMEOUT_MS, async (client) => {
    await client.query('begin');
    try {
      const { rows } = await client.query<{ id: string }>(
        `insert into realtime.messages (topic, extension, private) values ($1, 'broadcast', true), ($1, 'presence', true) returning id`,
        [topic],
      );
      const sub = typeof auth.claims.sub === 'string' ? auth.claims.sub : '';
      await client.query(BECOME, [auth.role, JSON.stringify(auth.claims), sub, topic]);
      // Each probe in a savepoint: a policy that errors refuses, and leaves the transaction usable.
      const attempt = async (sql: string, values: unknown[]) => {
        await client.query('savepoint probe');
        try {
          return await client.query(sql, values);
        } catch {
          await client.query('rollback to savepoint probe');
          return undefined;
        }
      };
      const found = await attempt('select 1 from realtime.messages where id = any($1::uuid[]) limit 1', [rows.map((row) => row.id)]);
      const read = found?.rowCount === 1;
      const write =
        (await attempt(`insert into realtime.messages (topic, extension, private) values ($1, 'broadcast', true)`, [topic])) !== undefined;
      return { read, write };
    } finally {
      await client.query('rollback');
    }
  });
}
