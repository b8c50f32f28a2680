/**
 * What Realtime needs in every project's database (realtime/), as Supabase has it:
 * - the `supabase_realtime` publication, empty and owned by the members' role, so that `alter
 *   publication supabase_realtime add table …` works as Supabase's guides write it;
 * - the `realtime` schema: `realtime.messages`, whose row level security policies decide who may
 *   join a private channel (select) and send on it (insert), with `realtime.topic()` naming the
 *   channel being checked; `realtime.send(payload, event, topic, private)` and
 *   `realtime.broadcast_changes(...)` (for triggers) broadcast from SQL by inserting a message,
 *   which the platform reads from the WAL (its own publication) and sends to the topic;
 * - no replication slot left over by an earlier run of the platform (it would hold WAL for nobody
 *   until `max_slot_wal_keep_size` gave it up).
 * The tables and functions belong to `supabase_realtime_admin`, a NOLOGIN role the members' role
 * is a member of (as with storage), so members write policies on `realtime.messages`. Plain SQL
 * run as the superuser on every create and start, idempotent.
 */
import type pg from 'pg';
import { API_ROLES } from './api-roles.ts';
import { POSTGRES_ROLE } from './postgres-role.ts';

export const REALTIME_PUBLICATION = 'supabase_realtime';
/** realtime.messages alone: broadcasts from SQL, whatever members put in supabase_realtime. */
export const MESSAGES_PUBLICATION = 'basin_realtime_messages';
export const REALTIME_SLOT = 'basin_realtime';
export const REALTIME_ROLE = 'supabase_realtime_admin';

const SCHEMA_SQL = `
  create schema if not exists realtime authorization basin_admin;
  create table if not exists realtime.messages (
    id uuid primary key default gen_random_uuid(),
    topic text not null,
    extension text not null,
    payload jsonb,
    event text,
    private boolean default false,
    updated_at timestamp not null default now(),
    inserted_at timestamp not null default now()
  );
  alter table realtime.messages enable row level security;
  -- The platform deletes the old messages every hour (jobs/realtime-retention.ts).
  create index if not exists messages_inserted_at_idx on realtime.messages (inserted_at);

  create or replace function realtime.topic() returns text language sql stable set search_path = ''
    as $$ select nullif(pg_catalog.current_setting('realtime.topic', true), '') $$;

  create or replace function realtime.send(payload jsonb, event text, topic text, private boolean default true)
    returns void language plpgsql set search_path = '' as $$
  begin
    insert into realtime.messages (payload, event, topic, private, extension) values (payload, event, topic, private, 'broadcast');
  exception when others then
    raise warning 'ErrorSendingBroadcastMessage: %', sqlerrm;
  end $$;

  create or replace function realtime.broadcast_changes(topic_name text, event_name text, operation text, table_name text,
      table_schema text, new record, old record, level text default 'ROW')
    returns void language plpgsql set search_path = '' as $$
  begin
    perform realtime.send(pg_catalog.jsonb_build_object(
      'old_record', case when old is null then null else pg_catalog.to_jsonb(old) end,
      'record', case when new is null then null else pg_catalog.to_jsonb(new) end,
      'operation', operation, 'table', table_name, 'schema', table_schema), event_name, topic_name);
  end $$;

  do $$ begin
    if not exists (select from pg_publication where pubname = '${MESSAGES_PUBLICATION}') then
      create publication ${MESSAGES_PUBLICATION} for table realtime.messages with (publish = 'insert');
    end if;
  end $$;
`;

const FUNCTIONS = ['topic()', 'send(jsonb, text, text, boolean)', 'broadcast_changes(text, text, text, text, text, record, record, text)'];

/** The server settings logical replication needs: wal_level needs a restart, so they go on every start. */
export const REPLICATION_SETTINGS = {
  wal_level: 'logical',
  // A slot nobody reads keeps at most this much WAL; beyond it Postgres gives the slot up.
  max_slot_wal_keep_size: '256MB',
} as const;

export async function ensureRealtimeSchema(client: pg.ClientBase, memberRole: string = POSTGRES_ROLE): Promise<void> {
  const owner = client.escapeIdentifier(REALTIME_ROLE);
  const member = client.escapeIdentifier(memberRole);
  const apiRoles = API_ROLES.map((role) => client.escapeIdentifier(role)).join(', ');
  const functions = FUNCTIONS.map((fn) => `realtime.${fn}`).join(', ');
  const { rowCount } = await client.query('select 1 from pg_roles where rolname = $1', [REALTIME_ROLE]);
  if (!rowCount) await client.query(`create role ${owner}`);
  await client.query(`alter role ${owner} with nologin noinherit nosuperuser nocreatedb nocreaterole noreplication nobypassrls`);
  await client.query(SCHEMA_SQL);
  await client.query(`alter table realtime.messages owner to ${owner}`);
  for (const fn of FUNCTIONS) await client.query(`alter function realtime.${fn} owner to ${owner}`);
  await client.query(`
    grant usage on schema realtime to ${owner}, ${member}, ${apiRoles};
    grant select, insert, update, delete on realtime.messages to ${member}, ${apiRoles};
    grant ${owner} to ${member};
    grant execute on function ${functions} to ${member}, ${apiRoles};
  `);
  await client.query(`
    do $$ begin
      if not exists (select from pg_publication where pubname = '${REALTIME_PUBLICATION}') then
        create publication ${REALTIME_PUBLICATION};
      end if;
    end $$;
    alter publication ${REALTIME_PUBLICATION} owner to ${client.escapeIdentifier(memberRole)};
  `);
  await client.query('select pg_drop_replication_slot(slot_name) from pg_replication_slots where slot_name = $1 and not active', [
    REALTIME_SLOT,
  ]);
}
