-- Invitations to an organization (services/invitations.ts). Nobody becomes a member until the
-- invitee, signed in with the invited email, accepts; until then the invitation grants nothing
-- and counts toward nothing (the free project limit counts members only). The email is kept
-- lower-cased so that one address has one pending invitation per organization; inviting it again
-- renews that one. The id is random so that ids say nothing about other invitations.
create table invitations (
  id uuid primary key default gen_random_uuid(),
  organization_id integer not null references organizations (id) on delete cascade,
  email text not null check (email = lower(email)),
  role text not null check (role in ('Owner', 'Administrator', 'Developer', 'Read-only')),
  invited_by text references "user" (id) on delete set null,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  unique (organization_id, email)
);
create index invitations_email on invitations (email);
