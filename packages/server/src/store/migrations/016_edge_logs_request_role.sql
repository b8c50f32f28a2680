-- The role a request through the gateway ran as: the bearer token's (a user's access token says
-- authenticated) or else the key's. key_role stays the role of the key presented, which is what
-- the leaked_service_key advisor looks at.
alter table edge_logs add column role text check (role in ('anon', 'authenticated', 'service_role'));
