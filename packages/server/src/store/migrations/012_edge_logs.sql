-- Edge logs: one row per request through the project gateway, kept 7 days. The key is never
-- stored, only its role (when it verified) and the first characters of its signature, which is
-- enough to tell which key was used without being able to use it.
create table edge_logs (
  timestamp timestamptz not null default now(),
  ref text not null,
  method text not null,
  path text not null,
  status smallint not null,
  key_role text check (key_role in ('anon', 'service_role')),
  key_signature_prefix text,
  from_browser boolean not null,
  -- The key verified with a JWT secret the project has since replaced (the request got a 401).
  rotated_out_key boolean not null
);
-- When was this key last used (the keys panel), and what to prune (append-only, so BRIN fits).
create index edge_logs_key_use on edge_logs (ref, key_signature_prefix, timestamp desc);
create index edge_logs_timestamp on edge_logs using brin (timestamp);
-- The leaked_service_key advisor looks for these rare rows only.
create index edge_logs_key_leaks on edge_logs (ref, timestamp)
  where (key_role = 'service_role' and from_browser) or rotated_out_key;

-- The JWT secrets a project has replaced (sealed like the current one), newest kept, so that a
-- request with an old key can be recognised as a rotated-out key still in use.
create table retired_jwt_secrets (
  id bigint generated always as identity primary key,
  ref text not null references projects (ref) on delete cascade,
  jwt_secret text not null,
  retired_at timestamptz not null default now()
);
create index retired_jwt_secrets_ref on retired_jwt_secrets (ref, id desc);
