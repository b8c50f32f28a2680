import type { ApiKeyRole } from '@basin/core/schemas';
import type { ApiRole } from '../instances/api-roles.ts';
import type { Queryable } from './db.ts';

/** One request through the project gateway. */
export interface EdgeLogEntry {
  /** When the request came in. */
  at: Date;
  durationMs: number;
  ref: string;
  method: string;
  path: string;
  status: number;
  keyRole: ApiKeyRole | null;
  /** The role the request ran as; null when it was refused before that was known. */
  role: ApiRole | null;
  keySignaturePrefix: string | null;
  fromBrowser: boolean;
  rotatedOutKey: boolean;
  /** The answer's body in bytes (egress): its Content-Length, or what was sent until the client went away. */
  responseBytes: number | null;
}

/** The leaked_service_key advisor looks this far back (the default log retention). */
const KEY_LEAK_WINDOW = '7 days';

/** Many rows in one statement: the gateway writes its log in batches. */
export async function insertMany(db: Queryable, entries: EdgeLogEntry[]): Promise<void> {
  const column = <T>(pick: (entry: EdgeLogEntry) => T) => entries.map(pick);
  await db.query(
    `insert into edge_logs (timestamp, duration_ms, ref, method, path, status, key_role, role, key_signature_prefix, from_browser, rotated_out_key, response_bytes)
     select * from unnest($1::timestamptz[], $2::real[], $3::text[], $4::text[], $5::text[], $6::smallint[], $7::text[], $8::text[], $9::text[], $10::boolean[], $11::boolean[], $12::bigint[])`,
    [
      column((e) => e.at),
      column((e) => e.durationMs),
      column((e) => e.ref),
      column((e) => e.method),
      column((e) => e.path),
      column((e) => e.status),
      column((e) => e.keyRole),
      column((e) => e.role),
      column((e) => e.keySignaturePrefix),
      column((e) => e.fromBrowser),
      column((e) => e.rotatedOutKey),
      column((e) => e.responseBytes),
    ],
  );
}

export interface KeyLeakCounts {
  /** Requests from a browser with the service_role key of the current secret. */
  serviceKeyFromBrowser: number;
  /** Requests with a key of a secret the project has since replaced. */
  rotatedOutKey: number;
}

/** What the leaked_service_key advisor looks for, over the last KEY_LEAK_WINDOW. */
export async function keyLeakCounts(db: Queryable, ref: string): Promise<KeyLeakCounts> {
  const { rows } = await db.query<{ service_key_from_browser: number; rotated_out_key: number }>(
    `select count(*) filter (where e.key_role = 'service_role' and e.from_browser and not e.rotated_out_key
                              and e.timestamp >= p.jwt_issued_at)::int as service_key_from_browser,
            count(*) filter (where e.rotated_out_key)::int as rotated_out_key
     from projects p join edge_logs e on e.ref = p.ref
     where p.ref = $1 and e.timestamp > now() - interval '${KEY_LEAK_WINDOW}'
       and ((e.key_role = 'service_role' and e.from_browser) or e.rotated_out_key)`,
    [ref],
  );
  return { serviceKeyFromBrowser: rows[0]?.service_key_from_browser ?? 0, rotatedOutKey: rows[0]?.rotated_out_key ?? 0 };
}
