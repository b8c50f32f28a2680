/**
 * Takes every row out of a physical copy of an instance and keeps everything else (roles, grants,
 * policies, functions, views, types, extensions, settings): the schema-only branch of a parent
 * whose major the installed pg_dump cannot dump (branch-copy.ts). Leaves what a schema-only dump
 * loaded into a new instance would, in every database but template0 (which members cannot touch):
 * - every table of every schema but the system ones is empty, `auth` included: auth.users holds
 *   the project's end users, which are data. Tables of an extension are the extension's and stay
 *   as they are; foreign tables too (truncating one empties the remote table);
 * - sequences, identity ones included, are back at their start;
 * - materialized views are unpopulated (WITH NO DATA) until refreshed;
 * - large objects are gone;
 * - planner statistics are gone: pg_stats shows sampled column values (most common values,
 *   histograms) to whoever may read the table.
 * It runs as the superuser, so no member's code may run meanwhile: the only code TRUNCATE could
 * run as the caller is an ON TRUNCATE trigger, and those are disabled around it and put back
 * exactly as they were. Not atomic: a failed attempt's copy is thrown away, never used.
 */
import type pg from 'pg';
import { type AdminEndpoint, withAdmin } from './admin-session.ts';

const CATALOG_TIMEOUT_MS = 30_000;
/** Truncation frees files rather than reading them; a project with many tables still takes a while. */
const WORK_TIMEOUT_MS = 10 * 60_000;
/**
 * Tables per TRUNCATE: one statement locks each table with its TOAST table and indexes until it
 * commits, and the lock table of a micro instance holds a few thousand locks in all.
 */
const TRUNCATE_BATCH = 200;

const RELATIONS = 'from pg_class c join pg_namespace n on n.oid = c.relnamespace';
/** pg_class rows `c` joined to their pg_namespace `n` that members made: no system schema, no extension's. */
const MEMBERS_RELATION = `n.nspname <> 'information_schema' and n.nspname !~ '^pg_'
  and not exists (select 1 from pg_depend d where d.classid = 'pg_class'::regclass and d.objid = c.oid and d.deptype = 'e')`;

/** How ALTER TABLE ... ENABLE puts back each enabled state of pg_trigger.tgenabled. */
const ENABLE_AS: Record<string, string> = { O: '', A: 'always', R: 'replica' };

/** Empties every database of the instance; see the top of this file for what that covers. */
export async function emptyDatabases(server: AdminEndpoint): Promise<void> {
  const databases = await withAdmin(server, CATALOG_TIMEOUT_MS, async (client) => {
    const { rows } = await client.query<{ datname: string; datallowconn: boolean }>(
      `select datname, datallowconn from pg_database where datname <> 'template0' order by datname`,
    );
    return rows;
  });
  for (const { datname, datallowconn } of databases) {
    // An owner may close their database to connections: it is opened for this alone.
    if (!datallowconn) await allowConnections(server, datname, true);
    await withAdmin(server, WORK_TIMEOUT_MS, writable(emptyDatabase), datname);
    if (!datallowconn) await allowConnections(server, datname, false);
  }
}

function allowConnections(server: AdminEndpoint, database: string, allow: boolean): Promise<unknown> {
  return withAdmin(
    server,
    CATALOG_TIMEOUT_MS,
    writable((client) => client.query(`alter database ${client.escapeIdentifier(database)} allow_connections ${allow}`)),
  );
}

/** An owner may make their database default to read-only: not for this session. */
function writable<T>(work: (client: pg.Client) => Promise<T>): (client: pg.Client) => Promise<T> {
  return async (client) => {
    await client.query('set default_transaction_read_only = off');
    return work(client);
  };
}

async function emptyDatabase(client: pg.Client): Promise<void> {
  // Names come from format('%I') and quote_ident: quoted as identifiers by the server itself.
  const tables = await names(
    client,
    `select format('only %I.%I', n.nspname, c.relname) as name ${RELATIONS} where c.relkind = 'r' and ${MEMBERS_RELATION}`,
  );
  const { rows: triggers } = await client.query<{ tablename: string; trigger: string; enabled: string }>(
    `select format('%I.%I', n.nspname, c.relname) as tablename, quote_ident(t.tgname) as trigger, t.tgenabled as enabled
       from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_namespace n on n.oid = c.relnamespace
      where not t.tgisinternal and t.tgtype::int & 32 <> 0 and t.tgenabled <> 'D'`, // 32: TRIGGER_TYPE_TRUNCATE
  );
  for (const { tablename, trigger } of triggers) await client.query(`alter table ${tablename} disable trigger ${trigger}`);
  // CASCADE: a table referencing one of the batch by a foreign key is emptied with it.
  for (let i = 0; i < tables.length; i += TRUNCATE_BATCH) {
    await client.query(`truncate ${tables.slice(i, i + TRUNCATE_BATCH).join(', ')} cascade`);
  }
  for (const { tablename, trigger, enabled } of triggers) {
    await client.query(`alter table ${tablename} enable ${ENABLE_AS[enabled]} trigger ${trigger}`);
  }
  const views = await names(
    client,
    `select format('%I.%I', n.nspname, c.relname) as name ${RELATIONS} where c.relkind = 'm' and ${MEMBERS_RELATION}`,
  );
  for (const view of views) await client.query(`refresh materialized view ${view} with no data`);
  await client.query(
    `select pg_catalog.setval(s.seqrelid, s.seqstart, false)
       from pg_sequence s join pg_class c on c.oid = s.seqrelid join pg_namespace n on n.oid = c.relnamespace
      where ${MEMBERS_RELATION}`,
  );
  await client.query('select pg_catalog.lo_unlink(oid) from pg_largeobject_metadata');
  await client.query(`delete from pg_statistic where starelid in (select c.oid ${RELATIONS} where ${MEMBERS_RELATION})`);
  await client.query('delete from pg_statistic_ext_data');
}

async function names(client: pg.Client, sql: string): Promise<string[]> {
  return (await client.query<{ name: string }>(sql)).rows.map((row) => row.name);
}
