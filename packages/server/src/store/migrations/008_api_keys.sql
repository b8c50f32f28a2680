-- Each project's JWT secret (sealed with the platform's SecretBox, like the passwords) and the
-- issue time of the anon and service_role keys signed with it: the keys themselves are re-signed
-- from these on demand, so they are never stored. Existing projects get a secret on first read.
alter table projects add column jwt_secret text;
alter table projects add column jwt_issued_at timestamptz;
-- The last rotation: Updating while the new keys are signed, then Updated or Failed.
alter table projects add column jwt_status text not null default 'Updated' check (jwt_status in ('Updating', 'Updated', 'Failed'));
alter table projects add column jwt_status_at timestamptz;
alter table projects add column jwt_change_id text;
alter table projects add column jwt_error text;
