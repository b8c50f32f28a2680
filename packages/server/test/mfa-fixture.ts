/** What the MFA tests share: a table that row level security shows to aal2 sessions only, and users signed in with a password. */
import type { SupabaseClient } from '@supabase/supabase-js';
import { expect } from 'vitest';
import type { RestProject } from './rest-project.ts';
import { supabaseClient } from './supabase-client.ts';

export const AAL2_VAULT_SQL = `
create table public.vault_items (id int primary key, secret text);
insert into public.vault_items values (1, 'only with a second factor');
alter table public.vault_items enable row level security;
grant select on public.vault_items to authenticated;
create policy "aal2 only" on public.vault_items for select to authenticated using ((auth.jwt() ->> 'aal') = 'aal2');`;

export const PASSWORD = 'a fine password 1';

let count = 0;
const newEmail = () => `mfa-${Date.now().toString(36)}-${count++}@example.com`;

/** The project's API URL through the gateway's path prefix. */
export const apiUrlOf = (project: RestProject) => `${project.meta.platform.url}/api/projects/${project.meta.ref}/gateway`;

/** A confirmed user signed in with a password on a client of their own. */
export async function signedIn(project: RestProject, email = newEmail()): Promise<{ client: SupabaseClient; email: string }> {
  const admin = supabaseClient(apiUrlOf(project), project.keys.service);
  expect((await admin.auth.admin.createUser({ email, password: PASSWORD, email_confirm: true })).error).toBeNull();
  const client = supabaseClient(apiUrlOf(project), project.keys.anon);
  expect((await client.auth.signInWithPassword({ email, password: PASSWORD })).error).toBeNull();
  return { client, email };
}

export const claimsOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as Record<string, any>;
