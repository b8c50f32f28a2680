/**
 * A project's latest failures across its logs (API gateway, database, auth, edge functions and
 * their console), for the assistant's 'schema_and_log' level: a few lines of each, newest first.
 */
import type { Queryable } from './db.ts';

export interface RecentError {
  at: Date;
  source: 'api' | 'database' | 'auth' | 'edge function' | 'function console';
  /** The request (`GET /rest/v1/todos`), the failing statement or the function's slug. */
  what: string;
  status: number | null;
  message: string | null;
}

const WINDOW = `now() - interval '24 hours'`;

export async function recentErrors(db: Queryable, ref: string, perSource: number): Promise<RecentError[]> {
  const { rows } = await db.query<RecentError>(
    `select * from (
       (select timestamp as at, 'api' as source, method || ' ' || path as what, status::int, null::text as message
        from edge_logs where ref = $1 and status >= 400 and timestamp > ${WINDOW} order by timestamp desc limit $2)
       union all
       (select timestamp, 'database', left(coalesce(query, ''), 300), null, concat_ws(': ', error_code, left(message, 500))
        from postgres_logs where ref = $1 and severity in ('ERROR', 'FATAL', 'PANIC') and timestamp > ${WINDOW} order by timestamp desc limit $2)
       union all
       (select timestamp, 'auth', method || ' ' || path, status::int, concat_ws(': ', error_code, msg)
        from auth_logs where ref = $1 and (status >= 400 or level = 'error') and timestamp > ${WINDOW} order by timestamp desc limit $2)
       union all
       (select timestamp, 'edge function', slug || ' ' || method || ' ' || path, status::int, error_code
        from function_edge_logs where ref = $1 and status >= 500 and timestamp > ${WINDOW} order by timestamp desc limit $2)
       union all
       (select timestamp, 'function console', slug, null, left(event_message, 500)
        from function_logs where ref = $1 and level = 'error' and timestamp > ${WINDOW} order by timestamp desc limit $2)
     ) errors order by at desc`,
    [ref, perSource],
  );
  return rows;
}
