/**
 * The batched row level security check of postgres_changes (realtime/visibility.ts): every claim
 * set of a change is checked in one statement, and none may see what its own role and claims
 * could not select, whatever the checks before it did.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RowChange, TableShape } from '../src/realtime/changes.ts';
import { maySelectEach } from '../src/realtime/visibility.ts';
import type { ApiRequestAuth } from '../src/rest/request-auth.ts';
import { restPool } from '../src/rest/pool.ts';
import { findSnapshot, type ProjectRow } from '../src/store/projects.ts';
import { type RestProject, startRestProject } from './rest-project.ts';

const [alice, mallory, carol, dave] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];

const SQL = `
create table public.secrets (id int primary key, owner uuid, tenant text);
alter table public.secrets enable row level security;
-- Mallory's check leaves a setting behind that, kept, would show Alice's tenant to the checks after it.
create function public.leave_a_hint() returns boolean language plpgsql as $$
begin
  if auth.uid() = '${mallory}' then perform set_config('app.tenant', 'alice-tenant', true); end if;
  return false;
end $$;
create policy "own rows" on public.secrets for select to authenticated using (owner = auth.uid());
create policy "hint" on public.secrets for select to authenticated using (public.leave_a_hint());
create policy "tenant rows" on public.secrets for select to authenticated using (tenant = current_setting('app.tenant', true));
-- Dave's policy raises the code the checks' block raises to roll each check back: his check fails, the others keep their answers.
create function public.raise_like_the_block() returns boolean language plpgsql as $$
begin
  if auth.uid() = '${dave}' then raise sqlstate 'BR001'; end if;
  return false;
end $$;
create policy "raises for dave" on public.secrets for select to authenticated using (public.raise_like_the_block());
create policy "fails for carol" on public.secrets for select to authenticated
  using (case when auth.uid() = '${carol}' then owner::text::int = 1 else false end);
grant select on public.secrets to authenticated;
insert into public.secrets values (1, '${alice}', 'alice-tenant');
create table public.unkeyed (label text);
alter table public.unkeyed enable row level security;
grant select on public.unkeyed to authenticated;
revoke select on public.unkeyed from anon;
`;

const user = (sub: string): ApiRequestAuth => ({ role: 'authenticated', claims: { sub, role: 'authenticated', aud: 'authenticated' } });
const anon: ApiRequestAuth = { role: 'anon', claims: { role: 'anon' } };
const service: ApiRequestAuth = { role: 'service_role', claims: { role: 'service_role' } };

const shapeOf = (table: string, primaryKey: string[]): TableShape => ({
  schema: 'public',
  table,
  columns: [],
  types: {},
  primaryKey,
  rowSecurity: true,
});
const insertOf = (shape: TableShape, record: Record<string, string | null>): RowChange => ({
  type: 'INSERT',
  shape,
  xid: 1,
  commitTimestamp: new Date().toISOString(),
  record,
  oldRecord: null,
});
const secret = insertOf(shapeOf('secrets', ['id']), { id: '1', owner: alice, tenant: 'alice-tenant' });

let project: RestProject;
let row: ProjectRow;

beforeAll(async () => {
  project = await startRestProject(SQL);
  row = (await findSnapshot(project.meta.platform.ctx.db, project.meta.ref))!;
}, 180_000);

afterAll(async () => {
  await project?.meta.platform.stop();
}, 60_000);

const check = (auths: ApiRequestAuth[], change = secret) => maySelectEach(project.meta.platform.ctx, row, auths, change);

describe('postgres_changes visibility, checked together', () => {
  it('answers each claim set by its own role and claims, in order', async () => {
    const strangers = Array.from({ length: 40 }, () => user(randomUUID()));
    const auths = [...strangers.slice(0, 20), user(alice), anon, service, ...strangers.slice(20)];
    const answers = await check(auths);
    expect(answers).toEqual(auths.map((auth) => auth === auths[20] || auth === service));
  });

  it('undoes each check before the next: a setting one check leaves does not show a row to the others', async () => {
    const bob = user(randomUUID());
    // Mallory's own check sees the row through the hint its policy left; Bob, checked after her, must not.
    const [, bobSees] = await check([user(mallory), bob]);
    expect(bobSees).toBe(false);
    expect(await check([bob])).toEqual([false]);
  });

  it('refuses the check that fails and answers the others', async () => {
    expect(await check([user(carol), user(alice), user(carol)])).toEqual([false, true, false]);
  });

  it("keeps each answer in its place when a policy raises the block's own code", async () => {
    expect(await check([user(dave), user(alice), user(randomUUID())])).toEqual([false, true, false]);
  });

  it('checks only the grant of a table without a primary key', async () => {
    const change = insertOf(shapeOf('unkeyed', []), { label: 'x' });
    expect(await check([user(alice), anon, service], change)).toEqual([true, false, true]);
  });

  it('gives the session back as it was: the login, no role or claims, no inputs or statement left', async () => {
    await check([user(alice), user(mallory)]);
    const pool = restPool(project.meta.platform.ctx, row);
    const clients = await Promise.all(Array.from({ length: 3 }, () => pool.connect()));
    try {
      for (const client of clients) {
        const { rows } = await client.query(
          `select current_user as who, current_setting('request.jwt.claims', true) as claims,
                  current_setting('app.tenant', true) as tenant, current_setting('basin.realtime_checks', true) as checks,
                  (select count(*)::int from pg_prepared_statements where name = 'basin_realtime_check') as prepared`,
        );
        expect(rows[0]).toMatchObject({ who: 'authenticator', prepared: 0 });
        expect([null, '']).toContain(rows[0].claims);
        expect([null, '']).toContain(rows[0].tenant);
        expect([null, '']).toContain(rows[0].checks);
      }
    } finally {
      clients.forEach((client) => client.release());
    }
  });
});
