/**
 * Moves what a project keeps in Postgres from one server to another over SQL, for major upgrades
 * (the data files of one major cannot be read by the next): the roles, then each database with
 * pg_dump piped into psql, then a check of the copy. The superuser reads the source and makes the
 * roles; members' objects are loaded by the loader role (loader-role.ts), since loading them runs
 * their code.
 */
import type pg from 'pg';
import { type AdminEndpoint, type Login, withAdmin, withLogin } from './admin-session.ts';
import { type ClientTools, clientEnv, pipeClients, runClient } from './pg-client.ts';
import { API_ROLES } from './api-roles.ts';
import { AUTH_ROLE } from './auth-schema.ts';
import { AUTHENTICATOR_ROLE } from './authenticator-role.ts';
import { LOADER_ROLE } from './loader-role.ts';
import { ADMIN_ROLE, POSTGRES_ROLE } from './postgres-role.ts';
import { READONLY_ROLE } from './readonly-role.ts';
import { REALTIME_PUBLICATION, REALTIME_ROLE } from './realtime-schema.ts';
import { STORAGE_ROLE } from './storage-schema.ts';

/** Catalog reads are quick; counting, loading and ANALYZE of a large project are not. */
const CATALOG_TIMEOUT_MS = 30_000;
const WORK_TIMEOUT_MS = 60 * 60_000;

/** Made by the driver on every instance with the project's passwords: never copied. */
const PLATFORM_ROLES = [
  ADMIN_ROLE,
  POSTGRES_ROLE,
  READONLY_ROLE,
  LOADER_ROLE,
  AUTHENTICATOR_ROLE,
  AUTH_ROLE,
  STORAGE_ROLE,
  REALTIME_ROLE,
  ...API_ROLES,
];

const onDatabase = <T>(server: AdminEndpoint, database: string, work: (client: pg.Client) => Promise<T>, timeoutMs = CATALOG_TIMEOUT_MS) =>
  withAdmin(server, timeoutMs, work, database);

/** The databases members can connect to, postgres first. */
export async function listDatabases(server: AdminEndpoint): Promise<string[]> {
  return onDatabase(server, 'postgres', async (client) => {
    const { rows } = await client.query<{ datname: string }>(
      `select datname from pg_database where datallowconn and not datistemplate order by datname <> 'postgres', datname`,
    );
    return rows.map((row) => row.datname);
  });
}

/** Extensions used on `source` that `target` does not have, as 'name (database)'. */
export async function missingExtensions(source: AdminEndpoint, target: AdminEndpoint, databases: string[]): Promise<string[]> {
  const available = await onDatabase(target, 'postgres', async (client) => {
    const { rows } = await client.query<{ name: string }>('select name from pg_available_extensions');
    return new Set(rows.map((row) => row.name));
  });
  const missing: string[] = [];
  for (const database of databases) {
    const used = await onDatabase(
      source,
      database,
      async (client) => (await client.query<{ extname: string }>('select extname from pg_extension')).rows,
    );
    missing.push(...used.filter(({ extname }) => !available.has(extname)).map(({ extname }) => `${extname} (${database})`));
  }
  return missing;
}

/**
 * The roles members made (with their password verifiers, attributes, settings and memberships),
 * from pg_dumpall; the platform's own roles already exist on the target with their passwords.
 */
export async function copyRoles(tools: ClientTools, source: AdminEndpoint, target: AdminEndpoint): Promise<void> {
  const dump = await runClient({
    file: tools.pgDumpall,
    args: ['--roles-only', '--quote-all-identifiers', '--no-password'],
    env: clientEnv(source, 'postgres'),
  });
  const platformRole = new RegExp(`^(CREATE|ALTER) ROLE "?(${PLATFORM_ROLES.join('|')})"?( WITH .*)?;$`);
  const sql = dump
    .split('\n')
    .filter((line) => !platformRole.test(line))
    .join('\n');
  await runClient(
    { file: tools.psql, args: ['-X', '-q', '-v', 'ON_ERROR_STOP=1', '--no-password'], env: clientEnv(target, 'postgres') },
    sql,
  );
}

/**
 * One database through pipes (no dump file on disk), its schema and, `withRows`, its rows:
 * - the rows of the platform's schemas (the superuser's, made by the driver on every instance, so
 *   present on the target already), loaded by the superuser first, while no member's trigger hangs
 *   on them on the target: COPY fires none of members' code;
 * - everything else, members' objects with their rows, loaded by the loader. postgres exists on
 *   the target already; any other database is created by the dump itself (--create), with its
 *   owner, settings and privileges. Their foreign keys to platform tables (profiles.id references
 *   auth.users) find the platform's rows already there;
 * - last, members' policies and triggers on the platform's tables (carryMembersPolicies,
 *   carryMembersTriggers), and the tables members put in the supabase_realtime publication (the
 *   driver made the publications on the target already, so the dump leaves them out).
 */
export async function copyDatabase(
  tools: ClientTools,
  source: AdminEndpoint,
  target: AdminEndpoint,
  loader: Login,
  database: string,
  { withRows }: { withRows: boolean },
): Promise<void> {
  const dump = (args: string[]) => ({
    file: tools.pgDump,
    args: ['--quote-all-identifiers', '--no-password', ...args],
    env: clientEnv(source, database),
  });
  const load = (into: string, login?: Login) => ({
    file: tools.psql,
    args: ['-X', '-q', '-v', 'ON_ERROR_STOP=1', '--no-password'],
    env: clientEnv(target, into, login),
  });
  const schemas = await superuserSchemas(source, database);
  const platformSchemas = schemas.map(namePattern);
  if (withRows && platformSchemas.length) {
    await pipeClients(dump(['--data-only', ...platformSchemas.map((schema) => `--schema=${schema}`)]), load(database));
  }
  const create = database === 'postgres' ? [] : ['--create'];
  const rows = withRows ? [] : ['--schema-only'];
  const members = platformSchemas.map((schema) => `--exclude-schema=${schema}`);
  await pipeClients(dump([...create, ...rows, '--no-publications', ...members]), load('postgres', loader));
  await carryPublicationTables(source, target, database);
  if (schemas.length) {
    await carryMembersPolicies(source, target, loader, database, schemas);
    await carryMembersTriggers(source, target, loader, database, schemas);
  }
}

/** The tables of supabase_realtime on `source`, added to the target's (adding a table runs no member's code). */
async function carryPublicationTables(source: AdminEndpoint, target: AdminEndpoint, database: string): Promise<void> {
  const tables = await onDatabase(source, database, async (client) => {
    const { rows } = await client.query<{ name: string }>(
      'select format($2, schemaname, tablename) as name from pg_publication_tables where pubname = $1',
      [REALTIME_PUBLICATION, '%I.%I'],
    );
    return rows.map((row) => row.name);
  });
  if (!tables.length) return;
  await onDatabase(target, database, async (client) => {
    const { rowCount } = await client.query('select 1 from pg_publication where pubname = $1', [REALTIME_PUBLICATION]);
    if (!rowCount) await client.query(`create publication ${REALTIME_PUBLICATION}`);
    await client.query(`alter publication ${REALTIME_PUBLICATION} set table ${tables.join(', ')}`);
  });
}

/** Runs `statements` in one transaction of the loader's: members' code may run, never as the superuser. */
async function asLoader(target: AdminEndpoint, loader: Login, database: string, statements: string[]): Promise<void> {
  if (!statements.length) return;
  await withLogin(
    target.port,
    loader,
    CATALOG_TIMEOUT_MS,
    async (client) => {
      await client.query('begin');
      for (const statement of statements) await client.query(statement);
      await client.query('commit');
    },
    database,
  );
}

interface PlatformTablePolicy {
  name: string;
  definition: string;
}

/** Policies on the tables of `schemas`, each as the CREATE POLICY that makes it again (expressions as pg_get_expr prints them). */
async function platformTablePolicies(server: AdminEndpoint, database: string, schemas: string[]): Promise<PlatformTablePolicy[]> {
  return onDatabase(server, database, async (client) => {
    const { rows } = await client.query<PlatformTablePolicy>(
      `select format('%I.%I %I', n.nspname, c.relname, p.polname) as name,
              format('create policy %I on %I.%I as %s for %s to %s', p.polname, n.nspname, c.relname,
                     case when p.polpermissive then 'permissive' else 'restrictive' end,
                     case p.polcmd when 'r' then 'select' when 'a' then 'insert' when 'w' then 'update' when 'd' then 'delete' else 'all' end,
                     (select string_agg(case when r = 0 then 'public' else quote_ident(pg_get_userbyid(r)) end, ', ') from unnest(p.polroles) r))
              || coalesce(' using (' || pg_get_expr(p.polqual, p.polrelid) || ')', '')
              || coalesce(' with check (' || pg_get_expr(p.polwithcheck, p.polrelid) || ')', '') as definition
         from pg_policy p join pg_class c on c.oid = p.polrelid join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = any($1)
        order by 1`,
      [schemas],
    );
    return rows;
  });
}

/**
 * Members write row level security policies on the platform's storage.objects (members belong to
 * its owner role, as Supabase lets them): the dump leaves them out with the schema, so those the
 * target lacks are made again by the loader, after members' objects (the functions the policies
 * call) are loaded.
 */
async function carryMembersPolicies(
  source: AdminEndpoint,
  target: AdminEndpoint,
  loader: Login,
  database: string,
  schemas: string[],
): Promise<void> {
  const existing = new Set((await platformTablePolicies(target, database, schemas)).map(({ name }) => name));
  const missing = (await platformTablePolicies(source, database, schemas)).filter(({ name }) => !existing.has(name));
  await asLoader(
    target,
    loader,
    database,
    missing.map(({ definition }) => definition),
  );
}

interface PlatformTableTrigger {
  tablename: string;
  trigger: string;
  definition: string;
  enabled: string;
}

/**
 * Triggers on the tables of `schemas` (the platform's), internal ones (foreign keys') aside,
 * read as pg_get_triggerdef prints them in a session whose search_path is pg_catalog alone.
 */
async function platformTableTriggers(server: AdminEndpoint, database: string, schemas: string[]): Promise<PlatformTableTrigger[]> {
  return onDatabase(server, database, async (client) => {
    const { rows } = await client.query<PlatformTableTrigger>(
      `select format('%I.%I', n.nspname, c.relname) as tablename, quote_ident(t.tgname) as trigger,
              pg_get_triggerdef(t.oid) as definition, t.tgenabled as enabled
         from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = any($1) and not t.tgisinternal
        order by n.nspname, c.relname, t.tgname`,
      [schemas],
    );
    return rows;
  });
}

/**
 * The dump leaves the platform's schemas out, and with them the triggers members hang on the
 * platform's tables (a row in their own `profiles` per sign-up: `after insert on auth.users`).
 * Those the target lacks (the driver made the platform's own there already) are made again after
 * members' objects are loaded, so their functions exist, and after the platform's rows are, so
 * they fire for none of them: by the loader, which may, as members may, through postgres's TRIGGER
 * privilege; never by the superuser. An enabled state other than the default (which only the
 * tables' owner, the platform, can set) is put back by the superuser: ALTER ... ENABLE runs no code.
 */
async function carryMembersTriggers(
  source: AdminEndpoint,
  target: AdminEndpoint,
  loader: Login,
  database: string,
  schemas: string[],
): Promise<void> {
  const existing = new Set(
    (await platformTableTriggers(target, database, schemas)).map(({ tablename, trigger }) => `${tablename} ${trigger}`),
  );
  const missing = (await platformTableTriggers(source, database, schemas)).filter(
    ({ tablename, trigger }) => !existing.has(`${tablename} ${trigger}`),
  );
  await asLoader(
    target,
    loader,
    database,
    missing.map(({ definition }) => definition),
  );
  const states = missing.filter(({ enabled }) => enabled !== 'O');
  if (states.length) {
    await onDatabase(target, database, async (client) => {
      for (const { tablename, trigger, enabled } of states) {
        const state = enabled === 'D' ? 'disable' : `enable ${enabled === 'A' ? 'always' : 'replica'}`;
        await client.query(`alter table ${tablename} ${state} trigger ${trigger}`);
      }
    });
  }
}

/** Schemas of one database that a superuser owns, the system's aside: the platform's. */
async function superuserSchemas(server: AdminEndpoint, database: string): Promise<string[]> {
  return onDatabase(server, database, async (client) => {
    const { rows } = await client.query<{ nspname: string }>(
      `select n.nspname from pg_namespace n join pg_roles r on r.oid = n.nspowner
        where r.rolsuper and n.nspname <> 'information_schema' and n.nspname !~ '^pg_' order by 1`,
    );
    return rows.map((row) => row.nspname);
  });
}

/** A pg_dump pattern matching exactly `name`: in double quotes, wildcards are plain characters. */
const namePattern = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** Rows per table and materialized view of one database, extension-owned relations aside. */
async function rowCounts(server: AdminEndpoint, database: string): Promise<Map<string, number>> {
  return onDatabase(
    server,
    database,
    async (client) => {
      const { rows } = await client.query<{ name: string }>(
        `select format('%I.%I', n.nspname, c.relname) as name
           from pg_class c join pg_namespace n on n.oid = c.relnamespace
          where c.relkind in ('r', 'm') and n.nspname <> 'information_schema' and n.nspname !~ '^pg_'
            and not exists (select 1 from pg_depend d where d.classid = 'pg_class'::regclass and d.objid = c.oid and d.deptype = 'e')
          order by 1`,
      );
      const counts = new Map<string, number>();
      for (const { name } of rows) {
        // The name comes from format('%I.%I'): quoted as an identifier by the server itself.
        const result = await client.query<{ n: string }>(`select count(*) as n from ${name}`);
        counts.set(name, Number(result.rows[0]!.n));
      }
      return counts;
    },
    WORK_TIMEOUT_MS,
  );
}

async function roleNames(server: AdminEndpoint): Promise<Set<string>> {
  return onDatabase(server, 'postgres', async (client) => {
    const { rows } = await client.query<{ rolname: string }>(`select rolname from pg_roles where rolname !~ '^pg_'`);
    return new Set(rows.map((row) => row.rolname));
  });
}

/** Throws, naming the first differences, unless every role and every table's row count made it across. */
export async function verifyCopy(source: AdminEndpoint, target: AdminEndpoint, databases: string[]): Promise<void> {
  const differences: string[] = [];
  const targetRoles = await roleNames(target);
  for (const role of await roleNames(source)) if (!targetRoles.has(role)) differences.push(`role ${role} is missing`);
  for (const database of databases) {
    const [before, after] = await Promise.all([rowCounts(source, database), rowCounts(target, database)]);
    for (const [table, rows] of before) {
      if (after.get(table) !== rows)
        differences.push(`${database}: ${table} has ${after.get(table) ?? 'no table'} rows instead of ${rows}`);
    }
  }
  if (differences.length) throw new Error(`The copy differs from the original: ${differences.slice(0, 5).join('; ')}`);
}

/** Brings every extension of one database to the default version of the new server. */
export async function updateExtensions(server: AdminEndpoint, database: string): Promise<void> {
  await onDatabase(
    server,
    database,
    async (client) => {
      const { rows } = await client.query<{ extname: string }>(
        `select e.extname from pg_extension e join pg_available_extensions a on a.name = e.extname
          where a.default_version is distinct from e.extversion`,
      );
      for (const { extname } of rows) await client.query(`alter extension ${client.escapeIdentifier(extname)} update`);
    },
    WORK_TIMEOUT_MS,
  );
}

/**
 * Planner statistics are not part of a dump: without them the first queries on the new server
 * plan blind. ANALYZE evaluates index expressions, members' code, so the loader runs it (as the
 * owner of database postgres, through its roles, it may analyze every table).
 */
export async function analyze(server: AdminEndpoint, loader: Login, database: string): Promise<void> {
  await withLogin(server.port, loader, WORK_TIMEOUT_MS, (client) => client.query('analyze'), database);
}
