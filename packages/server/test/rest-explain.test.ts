import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RestProject, startRestProject, withKey } from './rest-project.ts';
import { supabaseClient } from './supabase-client.ts';
import { signUserJwt } from './user-jwt.ts';

// postgrest-js's explain() against Basin, as PostgREST answers it with db-plan-enabled on and off.
let project: RestProject;
let anon: SupabaseClient;
let service: SupabaseClient;
let alice: SupabaseClient;

const ALICE = '11111111-1111-1111-1111-111111111111';
const BOB = '22222222-2222-2222-2222-222222222222';

const SCHEMA = `
  create table countries (id int primary key, name text not null);
  insert into countries select n, 'country ' || n from generate_series(1, 50) as n;
  create table notes (id serial primary key, owner uuid not null, body text);
  alter table notes enable row level security;
  create policy own_notes on notes for all to authenticated using (owner = auth.uid()) with check (owner = auth.uid());
  insert into notes (owner, body) values ('${ALICE}', 'alice 1'), ('${ALICE}', 'alice 2'), ('${BOB}', 'bob');
  create function countries_from(min_id int) returns setof countries language sql stable as 'select * from countries where id >= min_id';
`;

const PLAN_JSON = 'application/vnd.pgrst.plan+json; for="application/json"; charset=utf-8';

async function switchPlans(on: boolean): Promise<void> {
  const { owner, ref } = project.meta;
  const answer = await owner.patch(`/api/platform/projects/${ref}/config/postgrest`, { db_plan_enabled: on });
  expect(answer).toMatchObject({ status: 200, body: { db_plan_enabled: on } });
}

/** A request with an Accept of its own, as the service key. */
const fetchPlan = (path: string, accept: string, init: RequestInit = {}) =>
  fetch(`${project.url}${path}`, { ...init, headers: { ...withKey(project.keys.service), accept, ...init.headers } });

const countNamed = async (name: string) =>
  (await service.from('countries').select('*', { count: 'exact', head: true }).eq('name', name)).count;

beforeAll(async () => {
  project = await startRestProject(SCHEMA);
  const apiUrl = project.url.slice(0, -'/rest/v1'.length);
  anon = supabaseClient(apiUrl, project.keys.anon);
  service = supabaseClient(apiUrl, project.keys.service);
  const token = await signUserJwt(project.keys.secret, { sub: ALICE, role: 'authenticated', aud: 'authenticated' }, 3600);
  alice = supabaseClient(apiUrl, project.keys.anon, token);
});
afterAll(async () => {
  await project?.meta.platform.destroy();
});

describe('while db_plan_enabled is off (the default)', () => {
  it('refuses the plan media type with PGRST107, for reads, writes and functions', async () => {
    const read = await anon.from('countries').select().explain({ analyze: true, verbose: true });
    expect(read).toMatchObject({
      status: 406,
      data: null,
      error: {
        code: 'PGRST107',
        details: null,
        hint: null,
        message:
          'None of these media types are available: application/vnd.pgrst.plan+text; for="application/json"; options=analyze|verbose',
      },
    });
    const rpc = await anon.rpc('countries_from', { min_id: 3 }).explain({ format: 'json' });
    expect(rpc.status).toBe(406);
    expect(rpc.error?.code).toBe('PGRST107');
    const deleted = await fetchPlan('/countries?id=eq.1', 'application/vnd.pgrst.plan', { method: 'DELETE' });
    expect(deleted.status).toBe(406);
    expect(await countNamed('country 1')).toBe(1);
  });

  it('still answers another media type the Accept lists after the plan', async () => {
    const response = await fetchPlan('/countries?id=eq.1', 'application/vnd.pgrst.plan+json, application/json');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual([{ id: 1, name: 'country 1' }]);
  });
});

describe('while db_plan_enabled is on', () => {
  beforeAll(() => switchPlans(true));
  afterAll(() => switchPlans(false));

  it('answers EXPLAIN (FORMAT JSON) as postgrest-js expects it', async () => {
    const { data, error, status } = await anon.from('countries').select().explain({ format: 'json' });
    expect(error).toBeNull();
    expect(status).toBe(200);
    expect(data).toEqual([{ Plan: expect.any(Object) }]);
    const response = await fetchPlan('/countries', 'application/vnd.pgrst.plan+json');
    expect(response.headers.get('content-type')).toBe(PLAN_JSON);
    const [{ Plan }] = (await response.json()) as [{ Plan: { 'Node Type': string; 'Total Cost': number } }];
    expect(Plan['Node Type']).toBe('Aggregate');
    expect(Plan['Total Cost']).toBeGreaterThan(0);
  });

  it('answers the text format by default, as text', async () => {
    const { data, error } = await anon.from('countries').select().explain();
    expect(error).toBeNull();
    expect(data).toMatch(/^Aggregate {2}\(cost=.*/);
    const response = await fetchPlan('/countries', 'application/vnd.pgrst.plan');
    expect(response.headers.get('content-type')).toBe('application/vnd.pgrst.plan+text; for="application/json"; charset=utf-8');
    expect(await response.text()).toMatch(/\n$/);
  });

  it('runs the statement with analyze, as the request role under row level security', async () => {
    const { data, error } = await alice.from('notes').select().explain({ analyze: true, format: 'json' });
    expect(error).toBeNull();
    const [plan] = data as unknown as [{ Plan: { Plans: { 'Actual Rows': number }[] }; 'Execution Time': number }];
    expect(plan['Execution Time']).toEqual(expect.any(Number));
    // Alice's two notes of three reach the aggregate: her policy filtered the scan.
    expect(JSON.stringify(plan.Plan)).toContain('"Actual Rows":2');
    expect(JSON.stringify(plan.Plan)).toContain('"Rows Removed by Filter":1');
  });

  it('explains a filtered read with the options asked for, listed back in PostgREST order', async () => {
    const { data, error } = await anon
      .from('countries')
      .select('name')
      .eq('id', 7)
      .explain({ verbose: true, settings: true, buffers: true, format: 'json' });
    expect(error).toBeNull();
    const [plan] = data as unknown as [{ Plan: unknown; Settings?: Record<string, string> }];
    const text = JSON.stringify(plan.Plan);
    expect(text).toContain('countries_pkey');
    expect(text).toMatch(/"Index Cond":"\(\w+\.id = 7\)"/);
    expect(text).toContain('"Output":');
    expect(text).toContain('"Shared Hit Blocks"');
    expect(plan.Settings?.search_path).toContain('public');
    const response = await fetchPlan('/countries?id=eq.7', 'application/vnd.pgrst.plan+json; options=wal|verbose|analyze');
    expect(response.headers.get('content-type')).toBe(
      'application/vnd.pgrst.plan+json; for="application/json"; options=analyze|verbose|wal; charset=utf-8',
    );
  });

  it('explains a function call, by POST and by GET', async () => {
    const posted = await anon.rpc('countries_from', { min_id: 45 }).explain({ analyze: true, format: 'json' });
    expect(posted.error).toBeNull();
    expect(JSON.stringify(posted.data)).toContain('"Actual Rows":6');
    const got = await anon.rpc('countries_from', { min_id: 45 }, { get: true }).explain();
    expect(got.error).toBeNull();
    expect(got.data).toMatch(/^Aggregate/);
  });

  it('explains writes without running them; analyze runs them and commits, as in PostgREST, unless tx=rollback', async () => {
    const planned = await service.from('countries').insert({ id: 100, name: 'planned' }).explain({ format: 'json' });
    expect(planned.error).toBeNull();
    expect(JSON.stringify(planned.data)).toContain('"Operation":"Insert"');
    expect(await countNamed('planned')).toBe(0);

    const rolledBack = await service.from('countries').insert({ id: 101, name: 'rolled back' }).rollback().explain({ analyze: true });
    expect(rolledBack.error).toBeNull();
    expect(await countNamed('rolled back')).toBe(0);

    const analyzed = await service.from('countries').update({ name: 'analyzed' }).eq('id', 50).explain({ analyze: true });
    expect(analyzed.error).toBeNull();
    expect(analyzed.data).toMatch(/Update on /);
    expect(await countNamed('analyzed')).toBe(1);

    const deleted = await fetchPlan('/countries?id=eq.49', 'application/vnd.pgrst.plan+json', { method: 'DELETE' });
    expect(deleted.status).toBe(200);
    expect(deleted.headers.get('content-type')).toBe(PLAN_JSON);
    expect(await countNamed('country 49')).toBe(1);
  });

  it('explains what the rows would have been asked for: one object or CSV', async () => {
    const single = await fetchPlan('/countries?id=eq.3', 'application/vnd.pgrst.plan+json; for="application/vnd.pgrst.object"');
    expect(single.status).toBe(200);
    expect(single.headers.get('content-type')).toBe(
      'application/vnd.pgrst.plan+json; for="application/vnd.pgrst.object+json"; charset=utf-8',
    );
    // No row is no PGRST116: the plan answers, not the rows.
    const none = await fetchPlan('/countries?id=eq.999', 'application/vnd.pgrst.plan; for="application/vnd.pgrst.object+json"');
    expect(none.status).toBe(200);
    const csv = await fetchPlan('/countries', 'application/vnd.pgrst.plan+text; for="text/csv"');
    expect(csv.headers.get('content-type')).toBe('application/vnd.pgrst.plan+text; for="text/csv"; charset=utf-8');
    expect(await csv.text()).toMatch(/^Aggregate/);
  });

  it('ignores options it does not know and refuses formats and media types it does not have', async () => {
    const unknown = await fetchPlan('/countries', 'application/vnd.pgrst.plan+json; options=costs|drop table|analyze');
    expect(unknown.status).toBe(200);
    expect(unknown.headers.get('content-type')).toBe(
      'application/vnd.pgrst.plan+json; for="application/json"; options=analyze; charset=utf-8',
    );
    expect(((await unknown.json()) as [Record<string, unknown>])[0]).toHaveProperty('Execution Time');

    const xml = await fetchPlan('/countries', 'application/vnd.pgrst.plan+xml');
    expect(xml.status).toBe(406);
    expect(await xml.json()).toEqual({
      code: 'PGRST107',
      details: null,
      hint: null,
      message: 'None of these media types are available: application/vnd.pgrst.plan+xml',
    });
    const html = await fetchPlan('/countries', 'application/vnd.pgrst.plan+json; for="text/html"; options=verbose');
    expect(html.status).toBe(406);
    expect(((await html.json()) as { message: string }).message).toBe(
      'None of these media types are available: application/vnd.pgrst.plan+json; for="text/html"; options=verbose',
    );
  });
});
