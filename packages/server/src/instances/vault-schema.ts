/**
 * The project's Vault, as Supabase Vault is used from SQL: `vault.create_secret(secret, name,
 * description)`, `vault.update_secret(id, secret, name, description)`, the table `vault.secrets`
 * (the value encrypted) and the view `vault.decrypted_secrets`. Plain SQL run as the superuser on
 * every create and start, idempotent, like the auth and storage schemas.
 *
 * Where the key lives. Each project has a key derived from the platform secret (a preview branch
 * shares its parent's, since its rows are a copy of the parent's). The driver writes it to a file
 * beside the data directory, never inside it (`<projects dir>/<ref>.vault-key`, mode 0400, the
 * instance's system user), so a backup archive, a branch copy or a pg_dump of the database holds
 * ciphertext only. Inside Postgres only `vault._key()` reads that file: a SECURITY DEFINER function
 * of the superuser (absolute paths need it) whose body is one constant pg_read_binary_file call,
 * executable by nobody; the other definer functions call it as their owner.
 *
 * The cipher uses nothing but Postgres's built-in SHA-256, so the vault needs no extension: a
 * pgcrypto made by the platform would clash with members' own `create extension pgcrypto` and
 * with the dumps that carry it through upgrades and branches. Construction (textbook generic
 * composition, each key used for one purpose): HMAC-SHA256 in counter mode as the keystream
 * (block i = HMAC(enc_key, nonce || i), XORed with the UTF-8 bytes), then encrypt-then-MAC with
 * HMAC-SHA256(mac_key, nonce || id || ciphertext), the row's id bound in so a value cannot be
 * moved to another row. The nonce is 16 fresh random bytes (gen_random_uuid, 122 random bits) per
 * write. HMAC's padded keys (K ⊕ ipad, K ⊕ opad) are worked out by the platform, so the SQL only
 * concatenates and hashes. The key file holds enc_ipad | enc_opad | mac_ipad | mac_opad, 64 bytes each.
 *
 * Who reads what, as on Supabase: `postgres` (members with the connection string) and
 * `service_role` read `vault.secrets` and `vault.decrypted_secrets`, delete secrets and call
 * create_secret / update_secret; anon, authenticated and the read-only role reach nothing, not
 * even the schema. Writes go through the two functions only, so every stored value is encrypted.
 * No grant option: members who want anon or authenticated to use a secret expose it through a
 * function of their own. Every function pins search_path to '' and calls only pg_catalog, so no
 * member's object ever runs with the superuser's rights here.
 *
 * What it protects: copies of the data (backup archives, physical branch copies, dumps, the data
 * directory on disk) never hold a value in plain text, and the API roles for end users never
 * read one. What it does not: anyone who works as postgres or service_role (members with the
 * connection string, the service_role key, members' own definer functions) reads every value;
 * the superuser could read the key file. A member's own SQL that passes a secret as a literal
 * goes where statements go (the server log on an error, pg_stat_statements normalises literals).
 */
import { createHmac } from 'node:crypto';
import { chown, rename, rm, writeFile } from 'node:fs/promises';
import type pg from 'pg';
import type { ApiRole } from './api-roles.ts';
import { POSTGRES_ROLE } from './postgres-role.ts';
import type { SystemUser } from './system-user.ts';

const HMAC_BLOCK = 64;
export const VAULT_KEY_BYTES = 4 * HMAC_BLOCK;

/** HMAC-SHA256's two padded keys for `key` (at most one block): K ⊕ ipad, K ⊕ opad. */
function hmacPads(key: Buffer): Buffer[] {
  const padded = Buffer.alloc(HMAC_BLOCK);
  key.copy(padded);
  return [0x36, 0x5c].map((pad) => Buffer.from(padded.map((byte) => byte ^ pad)));
}

/** The key file's bytes for a project's vault key (a secret derived from the platform's). */
export function vaultKeyMaterial(vaultKey: string): Buffer {
  const derive = (purpose: string) => createHmac('sha256', vaultKey).update(`basin-vault:${purpose}`).digest();
  return Buffer.concat([...hmacPads(derive('encryption')), ...hmacPads(derive('authentication'))]);
}

const SERVICE_ROLE: ApiRole = 'service_role';

/**
 * Writes the key file for `vaultKey` (read-only, owned by the instance's system user when there is
 * one), replacing any earlier one at once: a session never reads half a key.
 */
export async function writeVaultKey(file: string, vaultKey: string, owner: SystemUser | undefined): Promise<void> {
  const staging = `${file}.${process.pid}.tmp`;
  try {
    await writeFile(staging, vaultKeyMaterial(vaultKey), { mode: 0o400 });
    if (owner) await chown(staging, owner.uid, owner.gid);
    await rename(staging, file);
  } finally {
    await rm(staging, { force: true });
  }
}

/** The schema, table, view and functions; `keyFile` is the absolute path the driver wrote the key to. */
function vaultSql(keyFile: string, literal: (value: string) => string): string {
  return `
  create schema if not exists vault authorization basin_admin;

  create table if not exists vault.secrets (
    id uuid primary key default pg_catalog.gen_random_uuid(),
    name text,
    description text not null default '',
    secret text not null,
    key_id uuid,
    nonce bytea,
    created_at timestamptz not null default pg_catalog.now(),
    updated_at timestamptz not null default pg_catalog.now()
  );
  create unique index if not exists secrets_name_idx on vault.secrets (name) where name is not null;
  comment on table vault.secrets is 'Secrets encrypted with the project''s vault key: write them with vault.create_secret and vault.update_secret, read them from vault.decrypted_secrets.';

  create or replace function vault._key() returns bytea
    language plpgsql stable security definer set search_path = '' as $fn$
  declare
    material bytea := pg_catalog.pg_read_binary_file(${literal(keyFile)}, 0, ${VAULT_KEY_BYTES}, true);
  begin
    if material is null or pg_catalog.length(material) <> ${VAULT_KEY_BYTES} then
      raise exception 'The vault key of this project is not available to the database'
        using errcode = '58P01', hint = 'Restart the project: the platform hands the key over on every start.';
    end if;
    return material;
  end $fn$;

  create or replace function vault._hmac(ipad bytea, opad bytea, message bytea) returns bytea
    language sql immutable strict parallel safe set search_path = ''
    as $fn$ select pg_catalog.sha256(opad || pg_catalog.sha256(ipad || message)) $fn$;

  create or replace function vault._keystream_xor(data bytea, ipad bytea, opad bytea, nonce bytea) returns bytea
    language sql immutable strict parallel safe set search_path = '' as $fn$
    with stream as (
      select pg_catalog.string_agg(vault._hmac(ipad, opad, nonce || pg_catalog.int4send(block)), ''::bytea order by block) as bytes
        from pg_catalog.generate_series(0, (pg_catalog.length(data) - 1) / 32) as block
    )
    select coalesce(pg_catalog.string_agg(
             pg_catalog.set_byte('\\x00'::bytea, 0, pg_catalog.get_byte(data, i) # pg_catalog.get_byte(stream.bytes, i)),
             ''::bytea order by i), ''::bytea)
      from stream, pg_catalog.generate_series(0, pg_catalog.length(data) - 1) as i
  $fn$;

  create or replace function vault._encrypt(plain text, secret_id uuid, nonce bytea) returns text
    language plpgsql volatile strict security definer set search_path = '' as $fn$
  declare
    key bytea := vault._key();
    body bytea := vault._keystream_xor(pg_catalog.convert_to(plain, 'UTF8'), pg_catalog.substr(key, 1, 64), pg_catalog.substr(key, 65, 64), nonce);
  begin
    return pg_catalog.encode(
      body || vault._hmac(pg_catalog.substr(key, 129, 64), pg_catalog.substr(key, 193, 64), nonce || pg_catalog.uuid_send(secret_id) || body),
      'base64');
  end $fn$;

  create or replace function vault._decrypt(sealed text, secret_id uuid, nonce bytea) returns text
    language plpgsql stable security definer set search_path = '' as $fn$
  declare
    key bytea;
    raw bytea;
    body bytea;
  begin
    if sealed is null or secret_id is null or nonce is null then
      return null;
    end if;
    key := vault._key();
    raw := pg_catalog.decode(sealed, 'base64');
    if pg_catalog.length(raw) < 32 then
      return null;
    end if;
    body := pg_catalog.substr(raw, 1, pg_catalog.length(raw) - 32);
    if vault._hmac(pg_catalog.substr(key, 129, 64), pg_catalog.substr(key, 193, 64), nonce || pg_catalog.uuid_send(secret_id) || body)
         <> pg_catalog.substr(raw, pg_catalog.length(raw) - 31) then
      raise warning 'vault: secret % does not verify with this project''s key', secret_id;
      return null;
    end if;
    return pg_catalog.convert_from(vault._keystream_xor(body, pg_catalog.substr(key, 1, 64), pg_catalog.substr(key, 65, 64), nonce), 'UTF8');
  exception
    when invalid_parameter_value or character_not_in_repertoire or untranslatable_character then
      return null;
  end $fn$;

  create or replace function vault.create_secret(new_secret text, new_name text default null, new_description text default '', new_key_id uuid default null)
    returns uuid language plpgsql volatile security definer set search_path = '' as $fn$
  declare
    secret_id uuid := pg_catalog.gen_random_uuid();
    new_nonce bytea := pg_catalog.uuid_send(pg_catalog.gen_random_uuid());
  begin
    if new_secret is null then
      raise exception 'vault.create_secret: the secret cannot be null' using errcode = '22004';
    end if;
    insert into vault.secrets (id, name, description, secret, key_id, nonce)
      values (secret_id, new_name, coalesce(new_description, ''), vault._encrypt(new_secret, secret_id, new_nonce), new_key_id, new_nonce);
    return secret_id;
  end $fn$;

  create or replace function vault.update_secret(secret_id uuid, new_secret text default null, new_name text default null, new_description text default null, new_key_id uuid default null)
    returns void language plpgsql volatile security definer set search_path = '' as $fn$
  declare
    new_nonce bytea := pg_catalog.uuid_send(pg_catalog.gen_random_uuid());
  begin
    update vault.secrets s
       set secret = case when new_secret is null then s.secret else vault._encrypt(new_secret, s.id, new_nonce) end,
           nonce = case when new_secret is null then s.nonce else new_nonce end,
           name = coalesce(new_name, s.name),
           description = coalesce(new_description, s.description),
           key_id = coalesce(new_key_id, s.key_id),
           updated_at = pg_catalog.now()
     where s.id = secret_id;
  end $fn$;

  create or replace view vault.decrypted_secrets with (security_barrier) as
    select s.id, s.name, s.description, s.secret, vault._decrypt(s.secret, s.id, s.nonce) as decrypted_secret,
           s.key_id, s.nonce, s.created_at, s.updated_at
      from vault.secrets s;
`;
}

const PRIVATE_FUNCTIONS = [
  '_key()',
  '_hmac(bytea, bytea, bytea)',
  '_keystream_xor(bytea, bytea, bytea, bytea)',
  '_encrypt(text, uuid, bytea)',
];
const PUBLIC_FUNCTIONS = [
  'create_secret(text, text, text, uuid)',
  'update_secret(uuid, text, text, text, uuid)',
  '_decrypt(text, uuid, bytea)',
];

/**
 * Creates or updates the vault in database postgres and its grants. The key is read from `keyFile`
 * at each call, so the schema may exist before the file does (its functions then refuse).
 * `memberRole` is the role members work as (`postgres` on the embedded driver).
 */
export async function ensureVaultSchema(client: pg.ClientBase, keyFile: string, memberRole: string = POSTGRES_ROLE): Promise<void> {
  const readers = [memberRole, SERVICE_ROLE].map((role) => client.escapeIdentifier(role)).join(', ');
  const functions = (names: string[]) => names.map((name) => `vault.${name}`).join(', ');
  await client.query(vaultSql(keyFile, (value) => client.escapeLiteral(value)));
  await client.query(`
    revoke all on schema vault from public;
    revoke all on all tables in schema vault from public;
    revoke all on function ${functions([...PRIVATE_FUNCTIONS, ...PUBLIC_FUNCTIONS])} from public;
    grant usage on schema vault to ${readers};
    grant select, delete on vault.secrets to ${readers};
    grant select on vault.decrypted_secrets to ${readers};
    grant execute on function ${functions(PUBLIC_FUNCTIONS)} to ${readers};
  `);
}
