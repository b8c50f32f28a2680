import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RestProject, startRestProject } from './rest-project.ts';
import { supabaseClient } from './supabase-client.ts';
import { signUserJwt } from './user-jwt.ts';

// The real supabase-js client, unchanged, against a running Basin: the acceptance test of /rest/v1.
let project: RestProject;
let keys: RestProject['keys'];
let apiUrl: string;

const ALICE = '11111111-1111-1111-1111-111111111111';
const BOB = '22222222-2222-2222-2222-222222222222';

const SCHEMA = `
  create table countries (id int primary key, name text not null, code text unique, continent text);
  create table cities (id serial primary key, name text not null, country_id int references countries (id), population int, tags text[], info jsonb);
  create table actors (id int primary key, name text not null);
  create table films (id int primary key, title text not null, year int);
  create table film_actors (film_id int references films (id), actor_id int references actors (id), primary key (film_id, actor_id));
  create table addresses (id int primary key, street text);
  create table orders (id int primary key, billing_address_id int references addresses (id), shipping_address_id int references addresses (id));
  create table todos (id serial primary key, user_id uuid not null default auth.uid(), task text not null, done boolean not null default false);
  alter table todos enable row level security;
  create policy own_todos on todos for all to authenticated using (user_id = auth.uid()) with check (user_id = auth.uid());
  create table members (username text primary key, status text not null default 'ONLINE', data jsonb);
  insert into members values ('dragarcia', 'OFFLINE', null);
  create table docs (id int primary key, body text, search tsvector generated always as (to_tsvector('english', body)) stored);
  insert into countries values (1, 'France', 'FR', 'Europe'), (2, 'Japan', 'JP', 'Asia'), (3, 'Brazil', 'BR', 'South America'), (4, 'Kenya', 'KE', null);
  insert into cities (name, country_id, population, tags, info) values
    ('Paris', 1, 2100000, '{capital,river}', '{"mayor": {"name": "Anne"}}'),
    ('Lyon', 1, 510000, '{river}', '{"mayor": {"name": "Gregory"}}'),
    ('Tokyo', 2, 13900000, '{capital}', null),
    ('Osaka', 2, 2700000, '{}', null);
  insert into actors values (1, 'Ada'), (2, 'Ben'), (3, 'Cy');
  insert into films values (1, 'First', 1999), (2, 'Second', 2005);
  insert into film_actors values (1, 1), (1, 2), (2, 2), (2, 3);
  insert into addresses values (1, 'Billing St'), (2, 'Shipping Rd');
  insert into orders values (1, 1, 2);
  insert into todos (user_id, task) values ('${ALICE}', 'alice task'), ('${BOB}', 'bob task');
  insert into docs (id, body) values (1, 'The quick brown fox jumps'), (2, 'Lazy dogs sleep all day');
  create table tickets (id int primary key, status text not null, points int);
  insert into tickets values (1, 'open', 3), (2, 'open', 5), (3, 'closed', 8), (4, 'review', null);
  create function add_numbers(a int, b int) returns int language sql immutable as 'select a + b';
  create function countries_from(min_id int) returns setof countries language sql stable as 'select * from countries where id >= min_id order by id';
  create function city_names() returns setof text language sql stable as 'select name from cities order by name';
  create function touch_countries() returns void language sql volatile as 'update countries set name = name';
  create function echo(payload jsonb) returns jsonb language sql immutable as 'select payload';
  create function fail_loudly() returns int language plpgsql as $$ begin raise exception 'went wrong' using detail = 'on purpose', hint = 'do not'; end $$;
  create function my_uid() returns uuid language sql stable as 'select auth.uid()';
  create function first_country() returns countries language sql stable as 'select * from countries order by id limit 1';
  create function polymorphic_function_with_different_return(bool) returns int language sql as 'select 1';
  create function polymorphic_function_with_different_return(int) returns int language sql as 'select 2';
  create function polymorphic_function_with_different_return(text) returns text language sql as $$ select 'foo' $$;
  create function polymorphic_function_with_no_params_or_unnamed() returns int language sql as 'select 1';
  create function polymorphic_function_with_no_params_or_unnamed(bool) returns int language sql as 'select 2';
  create function polymorphic_function_with_no_params_or_unnamed(text) returns text language sql as $$ select 'foo' $$;
  create function polymorphic_function_with_unnamed_integer(int) returns int language sql as 'select 1';
  create function polymorphic_function_with_unnamed_json(json) returns int language sql as 'select 1';
  create function polymorphic_function_with_unnamed_jsonb(jsonb) returns int language sql as 'select 1';
  create function polymorphic_function_with_unnamed_text(text) returns int language sql as 'select 1';
  create function polymorphic_function_with_unnamed_default() returns int language sql as 'select 1';
  create function polymorphic_function_with_unnamed_default(int default 42) returns int language sql as 'select 2';
  create function polymorphic_function_with_unnamed_default(text default 'default') returns text language sql as $$ select 'foo' $$;
  create function polymorphic_function_with_unnamed_default_overload() returns int language sql as 'select 1';
  create function polymorphic_function_with_unnamed_default_overload(int default 42) returns int language sql as 'select 2';
  create function polymorphic_function_with_unnamed_default_overload(text default 'default') returns text language sql as $$ select 'foo' $$;
  create function polymorphic_function_with_unnamed_default_overload(bool default true) returns int language sql as 'select 3';
`;

const client = (key: string, accessToken?: string): SupabaseClient => supabaseClient(apiUrl, key, accessToken);

/** A signed-in user's access token, signed with the project's secret (or another). */
const userToken = (sub: string, secret = keys.secret, expiresInSeconds = 3600) =>
  signUserJwt(secret, { sub, role: 'authenticated', aud: 'authenticated', email: `${sub.slice(0, 4)}@example.com` }, expiresInSeconds);

let anon: SupabaseClient;
let service: SupabaseClient;

beforeAll(async () => {
  project = await startRestProject(SCHEMA);
  keys = project.keys;
  apiUrl = project.url.slice(0, -'/rest/v1'.length);
  anon = client(keys.anon);
  service = client(keys.service);
});
afterAll(async () => {
  await project?.meta.platform.destroy();
});

describe('reading', () => {
  it('selects columns, aliases, casts and JSON paths, filtered and ordered', async () => {
    const { data, error } = await anon
      .from('cities')
      .select('city:name, population::text, mayor:info->mayor->>name')
      .eq('country_id', 1)
      .order('population', { ascending: false });
    expect(error).toBeNull();
    expect(data).toEqual([
      { city: 'Paris', population: '2100000', mayor: 'Anne' },
      { city: 'Lyon', population: '510000', mayor: 'Gregory' },
    ]);
  });

  it('applies every filter operator', async () => {
    const names = async (build: (q: any) => any) =>
      ((await build(anon.from('countries').select('name').order('id'))).data ?? []).map((r: { name: string }) => r.name);
    expect(await names((q) => q.neq('id', 1))).toEqual(['Japan', 'Brazil', 'Kenya']);
    expect(await names((q) => q.gt('id', 2))).toEqual(['Brazil', 'Kenya']);
    expect(await names((q) => q.gte('id', 3).lte('id', 3))).toEqual(['Brazil']);
    expect(await names((q) => q.lt('id', 2))).toEqual(['France']);
    expect(await names((q) => q.like('name', '%an%'))).toEqual(['France', 'Japan']);
    expect(await names((q) => q.ilike('name', 'b%'))).toEqual(['Brazil']);
    expect(await names((q) => q.in('code', ['JP', 'KE']))).toEqual(['Japan', 'Kenya']);
    expect(await names((q) => q.is('continent', null))).toEqual(['Kenya']);
    expect(await names((q) => q.not('continent', 'is', null))).toEqual(['France', 'Japan', 'Brazil']);
    expect(await names((q) => q.or('id.eq.1,code.eq.BR'))).toEqual(['France', 'Brazil']);
    expect(await names((q) => q.or('id.eq.1,and(id.gt.2,continent.is.null)'))).toEqual(['France', 'Kenya']);
    expect(await names((q) => q.match({ code: 'JP' }))).toEqual(['Japan']);
    expect(await names((q) => q.filter('name', 'match', '^[FJ]'))).toEqual(['France', 'Japan']);
    expect(await names((q) => q.filter('name', 'imatch', '^k'))).toEqual(['Kenya']);
    expect(await names((q) => q.likeAnyOf('name', ['F%', 'K%']))).toEqual(['France', 'Kenya']);
    expect(await names((q) => q.filter('id', 'isdistinct', '1'))).toEqual(['Japan', 'Brazil', 'Kenya']);
    const tags = await anon.from('cities').select('name').contains('tags', ['river']).order('name');
    expect(tags.data).toEqual([{ name: 'Lyon' }, { name: 'Paris' }]);
    const overlaps = await anon.from('cities').select('name').overlaps('tags', ['capital']).order('name');
    expect(overlaps.data).toEqual([{ name: 'Paris' }, { name: 'Tokyo' }]);
    const contained = await anon.from('cities').select('name').containedBy('tags', ['river', 'capital', 'x']).order('name');
    expect(contained.data).toEqual([{ name: 'Lyon' }, { name: 'Osaka' }, { name: 'Paris' }, { name: 'Tokyo' }]);
    const search = await anon.from('docs').select('id').textSearch('search', 'quick & fox');
    expect(search.data).toEqual([{ id: 1 }]);
    const web = await anon.from('docs').select('id').textSearch('body', 'lazy dogs', { type: 'websearch', config: 'english' });
    expect(web.data).toEqual([{ id: 2 }]);
    const plain = await anon.from('docs').select('id').textSearch('search', 'brown fox', { type: 'plain' });
    expect(plain.data).toEqual([{ id: 1 }]);
    const phrase = await anon.from('docs').select('id').textSearch('search', 'sleep all day', { type: 'phrase' });
    expect(phrase.data).toEqual([{ id: 2 }]);
  });

  it('pages with range and counts exactly', async () => {
    const { data, count, error, status } = await anon.from('countries').select('id', { count: 'exact' }).order('id').range(1, 2);
    expect(error).toBeNull();
    expect(data).toEqual([{ id: 2 }, { id: 3 }]);
    expect(count).toBe(4);
    expect(status).toBe(206);
    const head = await anon.from('countries').select('*', { count: 'exact', head: true });
    expect(head.count).toBe(4);
    expect(head.data).toBeNull();
    const limited = await anon.from('countries').select('id').order('id', { ascending: false }).limit(1);
    expect(limited.data).toEqual([{ id: 4 }]);
  });

  it('embeds many-to-one, one-to-many and many-to-many, with filters, order and limit on the embed', async () => {
    const m2o = await anon.from('cities').select('name, countries(name)').eq('name', 'Tokyo').single();
    expect(m2o.data).toEqual({ name: 'Tokyo', countries: { name: 'Japan' } });
    const o2m = await anon
      .from('countries')
      .select('name, cities(name)')
      .in('id', [1, 3])
      .order('id')
      .order('name', { referencedTable: 'cities' });
    expect(o2m.data).toEqual([
      { name: 'France', cities: [{ name: 'Lyon' }, { name: 'Paris' }] },
      { name: 'Brazil', cities: [] },
    ]);
    const limited = await anon
      .from('countries')
      .select('name, cities(name)')
      .eq('id', 1)
      .order('population', { referencedTable: 'cities', ascending: false })
      .limit(1, { referencedTable: 'cities' });
    expect(limited.data).toEqual([{ name: 'France', cities: [{ name: 'Paris' }] }]);
    const m2m = await anon.from('films').select('title, actors(name)').order('id').order('name', { referencedTable: 'actors' });
    expect(m2m.data).toEqual([
      { title: 'First', actors: [{ name: 'Ada' }, { name: 'Ben' }] },
      { title: 'Second', actors: [{ name: 'Ben' }, { name: 'Cy' }] },
    ]);
    const inner = await anon.from('countries').select('name, cities!inner(name)').eq('cities.name', 'Osaka');
    expect(inner.data).toEqual([{ name: 'Japan', cities: [{ name: 'Osaka' }] }]);
    const byCountry = await anon
      .from('cities')
      .select('name, countries(name)')
      .order('countries(name)', { ascending: false })
      .order('name');
    expect(byCountry.data?.map((city) => city.name)).toEqual(['Osaka', 'Tokyo', 'Lyon', 'Paris']);
    const spread = await anon.from('cities').select('name, ...countries(country:name)').eq('name', 'Lyon');
    expect(spread.data).toEqual([{ name: 'Lyon', country: 'France' }]);
  });

  it('disambiguates two foreign keys to one table with hints, and says which when it is ambiguous', async () => {
    const hinted = await anon
      .from('orders')
      .select('id, billing:addresses!billing_address_id(street), shipping:addresses!orders_shipping_address_id_fkey(street)');
    expect(hinted.data).toEqual([{ id: 1, billing: { street: 'Billing St' }, shipping: { street: 'Shipping Rd' } }]);
    const ambiguous = await anon.from('orders').select('id, addresses(street)');
    expect(ambiguous.status).toBe(300);
    expect(ambiguous.error).toMatchObject({ code: 'PGRST201' });
    expect(ambiguous.error?.hint).toMatch(/addresses!orders_billing_address_id_fkey/);
  });

  it('answers single and maybeSingle, with PGRST116 when the count is not one', async () => {
    expect((await anon.from('countries').select('name').eq('id', 2).single()).data).toEqual({ name: 'Japan' });
    expect((await anon.from('countries').select('name').eq('id', 99).maybeSingle()).data).toBeNull();
    const many = await anon.from('countries').select('name').single();
    expect(many.error).toMatchObject({ code: 'PGRST116' });
    expect(many.status).toBe(406);
  });
});

describe('aggregates', () => {
  it('refuses them until a member enables them, then groups by the other columns', async () => {
    const grouped = () => anon.from('tickets').select('status, count()').order('status');
    expect((await grouped()).error).toMatchObject({ code: 'PGRST123', message: 'Use of aggregate functions is not allowed' });
    const { owner, ref } = project.meta;
    const enabled = await owner.patch(`/api/platform/projects/${ref}/config/postgrest`, { db_aggregates_enabled: true });
    expect(enabled).toMatchObject({ status: 200, body: { db_aggregates_enabled: true } });
    try {
      const { data, error } = await grouped();
      expect(error).toBeNull();
      expect(data).toEqual([
        { status: 'closed', count: 1 },
        { status: 'open', count: 2 },
        { status: 'review', count: 1 },
      ]);
      const sums = await anon.from('tickets').select('status, total:points.sum(), points.max()::text').eq('status', 'open');
      expect(sums.data).toEqual([{ status: 'open', total: 8, max: '5' }]);
    } finally {
      await owner.patch(`/api/platform/projects/${ref}/config/postgrest`, { db_aggregates_enabled: false });
    }
  });
});

describe('writing', () => {
  it('inserts one row or many, returns what select names, and upserts', async () => {
    const one = await service.from('countries').insert({ id: 10, name: 'Chile', code: 'CL' }).select('id, name').single();
    expect(one).toMatchObject({ status: 201, data: { id: 10, name: 'Chile' } });
    const minimal = await service.from('countries').insert([
      { id: 11, name: 'Peru', code: 'PE' },
      { id: 12, name: 'Iran', code: 'IR' },
    ]);
    expect(minimal.status).toBe(201);
    expect(minimal.data).toBeNull();
    const merged = await service.from('countries').upsert({ id: 11, name: 'Peru (updated)', code: 'PE' }).select('name');
    expect(merged).toMatchObject({ status: 200, data: [{ name: 'Peru (updated)' }] }); // updated, not created
    // postgrest-js's own "on_conflict insert" case: the conflict key alone updates and returns its row.
    const keyOnly = await service.from('members').upsert({ username: 'dragarcia' }, { onConflict: 'username' }).select();
    expect(keyOnly).toMatchObject({ status: 200, error: null, data: [{ username: 'dragarcia', status: 'OFFLINE', data: null }] });
    const ignored = await service
      .from('countries')
      .upsert({ id: 12, name: 'Ignored', code: 'IR' }, { ignoreDuplicates: true })
      .select('name');
    expect(ignored.data).toEqual([]);
    const byCode = await service
      .from('countries')
      .upsert({ id: 10, name: 'Chile again', code: 'CL' }, { onConflict: 'code' })
      .select('id, name');
    expect(byCode.data).toEqual([{ id: 10, name: 'Chile again' }]);
  });

  it('updates and deletes with filters, rolls back with tx=rollback, and answers 409 for duplicates', async () => {
    const updated = await service
      .from('countries')
      .update({ continent: 'South America' })
      .in('id', [10, 11])
      .select('id, continent')
      .order('id');
    expect(updated.data).toEqual([
      { id: 10, continent: 'South America' },
      { id: 11, continent: 'South America' },
    ]);
    const deleted = await service.from('countries').delete().eq('id', 12).select('name');
    expect(deleted.data).toEqual([{ name: 'Iran' }]);
    const duplicate = await service.from('countries').insert({ id: 1, name: 'France again' });
    expect(duplicate).toMatchObject({ status: 409, error: { code: '23505' } });
    const orphan = await service.from('cities').insert({ name: 'Nowhere', country_id: 999 });
    expect(orphan).toMatchObject({ status: 409, error: { code: '23503' } });
    // A failed write leaves no partial rows.
    const half = await service.from('countries').insert([
      { id: 20, name: 'Ok' },
      { id: 20, name: 'Duplicate' },
    ]);
    expect(half.error).toMatchObject({ code: '23505' });
    expect((await service.from('countries').select('id').eq('id', 20)).data).toEqual([]);
    const rolledBack = await fetch(`${apiUrl}/rest/v1/countries`, {
      method: 'POST',
      headers: {
        apikey: keys.service,
        authorization: `Bearer ${keys.service}`,
        'content-type': 'application/json',
        prefer: 'tx=rollback, return=representation',
      },
      body: JSON.stringify({ id: 21, name: 'Gone' }),
    });
    expect(rolledBack.status).toBe(201);
    expect(await rolledBack.json()).toEqual([{ id: 21, name: 'Gone', code: null, continent: null }]);
    expect((await service.from('countries').select('id').eq('id', 21)).data).toEqual([]);
  });
});

describe('functions', () => {
  it('calls scalar, set-returning and void functions, with filters on set results', async () => {
    expect((await anon.rpc('add_numbers', { a: 2, b: 3 })).data).toBe(5);
    expect((await anon.rpc('add_numbers', { a: 2, b: 3 }, { get: true })).data).toBe(5);
    const set = await anon.rpc('countries_from', { min_id: 2 }).select('name').lt('id', 4);
    expect(set.data).toEqual([{ name: 'Japan' }, { name: 'Brazil' }]);
    expect((await anon.rpc('city_names')).data).toEqual(['Lyon', 'Osaka', 'Paris', 'Tokyo']);
    expect((await anon.rpc('echo', { payload: { a: [1, 2] } })).data).toEqual({ a: [1, 2] });
    expect((await service.rpc('touch_countries')).status).toBe(204);
  });

  it('refuses a volatile function on GET, an unknown one, and forwards raised errors', async () => {
    const get = await service.rpc('touch_countries', {}, { get: true });
    expect(get.status).toBe(405);
    const unknown = await anon.rpc('no_such_function', { x: 1 });
    expect(unknown).toMatchObject({ status: 404, error: { code: 'PGRST202' } });
    const raised = await anon.rpc('fail_loudly');
    expect(raised).toMatchObject({ status: 400, error: { code: 'P0001', message: 'went wrong', details: 'on purpose', hint: 'do not' } });
  });
});

// postgrest-js's own polymorphic-function cases (test/advanced_rpc.test.ts, its fixture's functions):
// an unnamed parameter is callable only alone and of type text, json, jsonb, bytea or xml.
describe('functions with unnamed parameters', () => {
  const ambiguous = (fn: string) => ({
    status: 300,
    data: null,
    error: {
      code: 'PGRST203',
      details: null,
      hint: 'Try renaming the parameters or the function itself in the database so function overloading can be resolved',
      message: `Could not choose the best candidate function between: public.${fn}(), public.${fn}( => text)`,
    },
  });

  it('chooses the overload as PostgREST does', async () => {
    const ok = (data: unknown) => ({ status: 200, data, error: null });
    expect(await anon.rpc('polymorphic_function_with_different_return', { '': 'test' })).toMatchObject(ok('foo'));
    expect(await anon.rpc('polymorphic_function_with_different_return', { '': true })).toMatchObject(ok('foo'));
    expect(await anon.rpc('polymorphic_function_with_unnamed_json', { '': { test: 'value' } })).toMatchObject(ok(1));
    expect(await anon.rpc('polymorphic_function_with_unnamed_jsonb', { '': { test: 'value' } })).toMatchObject(ok(1));
    expect(await anon.rpc('polymorphic_function_with_unnamed_text', { '': 'test' })).toMatchObject(ok(1));
    expect(await anon.rpc('polymorphic_function_with_no_params_or_unnamed')).toMatchObject(ok(1));
    expect(await anon.rpc('polymorphic_function_with_no_params_or_unnamed', { '': '' })).toMatchObject(ok('foo'));
    expect(await anon.rpc('polymorphic_function_with_no_params_or_unnamed', { '': 'test' })).toMatchObject(ok('foo'));
    expect(await anon.rpc('polymorphic_function_with_unnamed_default', { '': 'custom text' })).toMatchObject(ok('foo'));
    expect(await anon.rpc('polymorphic_function_with_unnamed_default_overload', { '': 'custom text' })).toMatchObject(ok('foo'));
    expect(await anon.rpc('polymorphic_function_with_unnamed_default_overload', { '': true })).toMatchObject(ok('foo'));
  });

  it('answers PGRST203 for overloads it cannot tell apart, and PGRST202 for an unnamed integer', async () => {
    expect(await anon.rpc('polymorphic_function_with_unnamed_default')).toMatchObject(
      ambiguous('polymorphic_function_with_unnamed_default'),
    );
    expect(await anon.rpc('polymorphic_function_with_unnamed_default', {})).toMatchObject(
      ambiguous('polymorphic_function_with_unnamed_default'),
    );
    expect(await anon.rpc('polymorphic_function_with_unnamed_default_overload')).toMatchObject(
      ambiguous('polymorphic_function_with_unnamed_default_overload'),
    );
    expect(await anon.rpc('polymorphic_function_with_unnamed_integer', { '': 1 })).toMatchObject({
      status: 404,
      data: null,
      error: {
        code: 'PGRST202',
        details:
          'Searched for the function public.polymorphic_function_with_unnamed_integer with parameter  or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.',
        message: 'Could not find the function public.polymorphic_function_with_unnamed_integer() in the schema cache',
      },
    });
  });

  it('counts a scalar result as one, and answers null for a row filtered away', async () => {
    expect(await anon.rpc('add_numbers', { a: 2, b: 3 }, { count: 'exact' })).toMatchObject({ status: 200, data: 5, count: 1 });
    expect(await anon.rpc('first_country').select('name')).toMatchObject({ status: 200, data: { name: 'France' } });
    expect(await anon.rpc('first_country').select('name').eq('name', 'Nowhere')).toMatchObject({ status: 200, data: null, error: null });
  });
});

describe('roles and row level security', () => {
  it('anon sees no rows of an RLS table; each user sees and writes only their own', async () => {
    expect((await anon.from('todos').select('task')).data).toEqual([]);
    const alice = client(keys.anon, await userToken(ALICE));
    expect((await alice.from('todos').select('task')).data).toEqual([{ task: 'alice task' }]);
    expect((await alice.rpc('my_uid')).data).toBe(ALICE);
    const inserted = await alice.from('todos').insert({ task: 'new for alice' }).select('user_id, task').single();
    expect(inserted.data).toEqual({ user_id: ALICE, task: 'new for alice' });
    const defaults = await alice
      .from('todos')
      .insert([{ task: 'first' }, { task: 'second', done: true }], { defaultToNull: false })
      .select('task, done, user_id');
    expect(defaults.data).toEqual([
      { task: 'first', done: false, user_id: ALICE },
      { task: 'second', done: true, user_id: ALICE },
    ]);
    const forBob = await alice.from('todos').insert({ task: 'sneaky', user_id: BOB });
    expect(forBob.error).toMatchObject({ code: '42501' });
    expect(forBob.status).toBe(403);
    const bobsRows = await alice.from('todos').update({ done: true }).eq('user_id', BOB).select();
    expect(bobsRows.data).toEqual([]);
    expect((await service.from('todos').select('task').order('id')).data).toHaveLength(5);
  });

  it('refuses an expired user token and one signed with another secret', async () => {
    const expired = client(keys.anon, await userToken(ALICE, keys.secret, -60));
    const answer = await expired.from('todos').select('task');
    expect(answer.status).toBe(401);
    const forged = client(keys.anon, await userToken(ALICE, 'not-the-project-secret-not-the-project-secret'));
    expect((await forged.from('todos').select('task')).status).toBe(401);
  });
});

describe('bad input', () => {
  it('answers PostgREST errors, never 5xx', async () => {
    const missing = await anon.from('no_such_table').select();
    expect(missing).toMatchObject({ status: 404, error: { code: 'PGRST205' } });
    const column = await anon.from('countries').select('nope');
    expect(column.status).toBe(400);
    const relation = await anon.from('countries').select('name, films(title)');
    expect(relation).toMatchObject({ status: 400, error: { code: 'PGRST200' } });
    const filter = await fetch(`${apiUrl}/rest/v1/countries?id=nope.1`, { headers: { apikey: keys.anon } });
    expect(filter.status).toBe(400);
    expect(await filter.json()).toMatchObject({ code: 'PGRST100' });
    const wrongType = await anon.from('countries').select().eq('id', 'abc');
    expect(wrongType).toMatchObject({ status: 400, error: { code: '22P02' } });
    const notJson = await fetch(`${apiUrl}/rest/v1/countries`, {
      method: 'POST',
      headers: { apikey: keys.service, 'content-type': 'application/json' },
      body: '{"id": 1,',
    });
    expect(notJson.status).toBe(400);
    expect(await notJson.json()).toMatchObject({ code: 'PGRST102' });
  });
});

it('a table created in the SQL editor is queryable at once', async () => {
  const run = await project.meta.owner.post(`/api/platform/pg-meta/${project.meta.ref}/query`, {
    query: 'create table fresh (id int primary key); grant select on fresh to anon; insert into fresh values (7)',
  });
  expect(run.status).toBe(200);
  expect((await anon.from('fresh').select('id')).data).toEqual([{ id: 7 }]);
});
