-- A project's asymmetric JWT signing keys (ES256, RS256) beside its shared secret: the private
-- half sealed like the secret, the public half as the JWK its JWKS publishes. At most one key is
-- in use (it signs new access tokens) and at most one waits in standby.
create table project_signing_keys (
  id uuid primary key,
  ref text not null references projects (ref) on delete cascade,
  algorithm text not null check (algorithm in ('ES256', 'RS256')),
  status text not null check (status in ('in_use', 'standby', 'previously_used', 'revoked')),
  private_jwk text not null,
  public_jwk jsonb not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index project_signing_keys_ref on project_signing_keys (ref, created_at);
create unique index project_signing_keys_one_in_use on project_signing_keys (ref) where status = 'in_use';
create unique index project_signing_keys_one_standby on project_signing_keys (ref) where status = 'standby';
