-- Personal access tokens: what the Supabase CLI sends (Authorization: Bearer sbp_...) to the
-- management API (/api/v1), acting as the user who made it. Only the token's SHA-256 is kept
-- (a 160-bit random secret needs no slow hash); token_alias is its first characters, in clear,
-- to tell tokens apart in lists.
create table access_tokens (
  id uuid primary key default gen_random_uuid(),
  user_id text not null references "user" (id) on delete cascade,
  name text not null,
  token_hash text not null unique,
  token_alias text not null,
  created_at timestamptz not null default now(),
  -- Updated at most once a minute per token, not on every request.
  last_used_at timestamptz,
  -- Null: the token never expires.
  expires_at timestamptz
);
create index access_tokens_user_id on access_tokens (user_id, created_at desc);
