import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from './harness.ts';
import { memberWith, ODD_SCHEMA, ODD_TABLE, startMetaProject, type MetaProject } from './meta-fixture.ts';

let project: MetaProject;
const meta = (path: string) => `/api/platform/pg-meta/${project.ref}/${path}`;
const schemasParam = `included_schemas=public,${encodeURIComponent(ODD_SCHEMA)}`;

beforeAll(async () => {
  project = await startMetaProject();
});
afterAll(() => project?.platform.destroy());

describe('GET /pg-meta/{ref}/tables', () => {
  it('lists tables with columns, keys, relationships, RLS flags and comments, system schemas left out', async () => {
    const { status, body } = await project.owner.get(meta('tables'));
    expect(status).toBe(200);
    const names = body.map((t: { schema: string; name: string }) => `${t.schema}.${t.name}`);
    expect(names.filter((name: string) => /^(pg_|information_schema)/.test(name))).toEqual([]);
    // The platform's own auth, storage, vault and realtime schemas are user-visible schemas too; the fixture's tables in order:
    expect(names.filter((name: string) => !/^(auth|storage|vault|realtime)\./.test(name))).toEqual([
      'public.posts',
      'public.profiles',
      `${ODD_SCHEMA}.${ODD_TABLE}`,
    ]);
    const profiles = body.find((t: { name: string }) => t.name === 'profiles');
    expect(profiles).toMatchObject({ schema: 'public', comment: 'User profiles', rls_enabled: false, rls_forced: false });
    expect(profiles.primary_keys).toEqual([{ schema: 'public', table_name: 'profiles', name: 'id', table_id: profiles.id }]);
    const column = (name: string) => profiles.columns.find((c: { name: string }) => c.name === name);
    expect(column('id')).toMatchObject({
      data_type: 'bigint',
      format: 'int8',
      is_identity: true,
      identity_generation: 'ALWAYS',
      is_nullable: false,
      ordinal_position: 1,
    });
    expect(column('username')).toMatchObject({
      format: 'text',
      is_nullable: false,
      is_unique: true,
      comment: 'The handle',
      default_value: null,
    });
    expect(column('email')).toMatchObject({ format: 'text', data_type: 'text', is_nullable: true });
    expect(column('bio')).toMatchObject({ default_value: "'hi'::text" });
    expect(column('mood')).toMatchObject({
      data_type: 'USER-DEFINED',
      format: 'mood',
      enums: ['happy', 'sad'],
      default_value: "'happy'::public.mood",
    });
    expect(column('moods')).toMatchObject({ data_type: 'ARRAY', format: '_mood' });
    expect(column('tags')).toMatchObject({ data_type: 'ARRAY', format: '_text' });
    expect(column('data')).toMatchObject({ format: 'jsonb' });
    expect(column('name_upper')).toMatchObject({ is_generated: true, is_updatable: false, default_value: null });
    expect(column('Weird "Col" ñ')).toMatchObject({ format: 'int4', is_nullable: true });

    const posts = body.find((t: { name: string }) => t.name === 'posts');
    expect(posts.rls_enabled).toBe(true);
    expect(posts.relationships.map((r: { constraint_name: string }) => r.constraint_name).sort()).toEqual([
      'Tàble "Q" X_post_id_fkey',
      'posts_author_id_fkey',
    ]);
    expect(posts.relationships.find((r: { constraint_name: string }) => r.constraint_name === 'posts_author_id_fkey')).toMatchObject({
      source_schema: 'public',
      source_table_name: 'posts',
      source_column_name: 'author_id',
      target_table_schema: 'public',
      target_table_name: 'profiles',
      target_column_name: 'id',
    });
    const odd = body.find((t: { schema: string }) => t.schema === ODD_SCHEMA);
    expect(odd.columns.map((c: { name: string }) => c.name)).toEqual(['Col "A"', 'mood col', 'post_id']);
    expect(odd.columns[1]).toMatchObject({ format: 'Mood "x"', enums: ['happy', 'so "sad"', 'ünï code'] });
  });

  it('leaves columns out on include_columns=false and filters by included_schemas', async () => {
    const { body } = await project.owner.get(meta(`tables?include_columns=false&included_schemas=${encodeURIComponent(ODD_SCHEMA)}`));
    expect(body).toHaveLength(1);
    expect(body[0].name).toBe(ODD_TABLE);
    expect(body[0].columns).toBeUndefined();
    expect((await project.owner.get(meta('tables?included_schemas=no_such_schema'))).body).toEqual([]);
  });

  it('pages and searches on the server, with the number of matches in X-Total-Count', async () => {
    const first = await fetchPage(`tables?limit=2&offset=0&include_columns=false&${schemasParam}`);
    const second = await fetchPage(`tables?limit=2&offset=2&include_columns=false&${schemasParam}`);
    expect(first.total).toBe('3');
    expect([...first.names, ...second.names]).toEqual(['posts', 'profiles', ODD_TABLE]);
    const searched = await fetchPage(`tables?search=${encodeURIComponent('"q"')}`);
    expect(searched).toEqual({ names: [ODD_TABLE], total: '1' });
    expect((await fetchPage('tables?search=PROFILES')).names).toEqual(['profiles']);
    expect((await fetchPage('tables?search=%25')).names).toEqual([]); // % is a character, not a wildcard
    expect((await fetchPage(`tables?sort=schema&include_columns=false&${schemasParam}`)).names).toEqual([ODD_TABLE, 'posts', 'profiles']); // by schema: 'odd' < 'public';
  });

  it('refuses bad input with a message', async () => {
    expect((await project.owner.get(meta('tables?limit=0'))).status).toBe(400);
    expect((await project.owner.get(meta('tables?sort=size'))).status).toBe(400);
    expect((await project.owner.get(meta('tables?include_columns=maybe'))).body.message).toMatch(/true or false/);
  });
});

describe('the other kinds', () => {
  it('lists views and materialized views with their columns', async () => {
    // The vault's decrypted_secrets is the platform's; the fixture's own view:
    const views = (await project.owner.get(meta('views'))).body.filter((view: { schema: string }) => view.schema !== 'vault');
    expect(views).toMatchObject([{ schema: 'public', name: 'post_titles', is_updatable: true }]);
    expect(views[0].columns.map((c: { name: string }) => c.name)).toEqual(['id', 'title']);
    const materialized = (await project.owner.get(meta('materialized-views'))).body;
    expect(materialized).toMatchObject([{ name: 'post_counts', is_populated: true }]);
    expect(materialized[0].columns.map((c: { name: string; format: string }) => `${c.name}:${c.format}`)).toEqual([
      'author_id:int8',
      'n:int8',
    ]);
  });

  it('lists functions with arguments, return types, security and language', async () => {
    const functions = (await project.owner.get(meta(`functions?${schemasParam}`))).body;
    const named = (name: string) => functions.filter((f: { name: string }) => f.name === name);
    expect(named('add')).toHaveLength(2);
    const add = named('add').find((f: { argument_types: string }) => f.argument_types.startsWith('a integer'));
    expect(add).toMatchObject({
      language: 'sql',
      return_type: 'integer',
      behavior: 'IMMUTABLE',
      security_definer: false,
      comment: 'Adds two numbers',
    });
    expect(add.argument_types).toBe('a integer, b integer DEFAULT 2');
    expect(add.args.map((a: { name: string; mode: string; has_default: boolean }) => [a.name, a.mode, a.has_default])).toEqual([
      ['a', 'in', false],
      ['b', 'in', true],
    ]);
    expect(named('search_posts')[0]).toMatchObject({ is_set_returning_function: true, return_type: 'public.posts' });
    expect(named('search_posts')[0].return_type_relation_id).toBeTypeOf('number');
    expect(named('top_titles')[0].args.map((a: { name: string; mode: string }) => `${a.mode}:${a.name}`)).toEqual([
      'in:n',
      'table:title',
      'table:rank',
    ]);
    expect(named('stats')[0].args.map((a: { mode: string }) => a.mode)).toEqual(['out', 'out']);
    expect(named('secure')[0]).toMatchObject({ security_definer: true, return_type: 'void', config_params: { search_path: '""' } });
    expect(named('Fn "1"')[0]).toMatchObject({ schema: ODD_SCHEMA, args: [{ name: 'Arg x', mode: 'in' }] });
    // pgcrypto's functions belong to the extension, not to the user's schema.
    expect(named('gen_salt')).toEqual([]);
  });

  it('lists indexes, policies, extensions and types', async () => {
    const indexes = (await project.owner.get(meta('indexes?search=posts'))).body;
    expect(indexes.find((i: { name: string }) => i.name === 'posts_title_idx')).toMatchObject({
      table: 'posts',
      access_method: 'btree',
      is_unique: false,
      is_primary: false,
      columns: ['title'],
      predicate: "((title)::text <> ''::text)",
    });
    expect(indexes.find((i: { name: string }) => i.name === 'posts_pkey')).toMatchObject({
      is_primary: true,
      is_unique: true,
      columns: ['id'],
    });

    expect((await project.owner.get(meta('policies'))).body).toMatchObject([
      {
        schema: 'public',
        table: 'posts',
        name: 'Authors see their own',
        action: 'PERMISSIVE',
        command: 'SELECT',
        roles: ['postgres'],
        definition: '(author_id > 0)',
        check: null,
      },
    ]);

    const extensions = await fetchPage('extensions?search=crypto');
    expect(extensions.names).toContain('pgcrypto');
    const pgcrypto = (await project.owner.get(meta('extensions?search=pgcrypto'))).body[0];
    expect(pgcrypto).toMatchObject({ name: 'pgcrypto', schema: 'public' });
    expect(pgcrypto.installed_version).toBeTruthy();

    const types = (await project.owner.get(meta(`types?${schemasParam}`))).body;
    expect(types.map((t: { name: string }) => t.name)).toEqual(['mood', 'Mood "x"', 'point3']);
    expect(types.find((t: { name: string }) => t.name === 'point3').attributes.map((a: { name: string }) => a.name)).toEqual([
      'x',
      'y',
      'z coord',
    ]);
  });
});

describe('who may read', () => {
  it('works for a Read-only member, answers 404 to non-members and 401 to no one', async () => {
    const reader = await memberWith(project, 'Read-only');
    expect((await reader.get(meta(`tables?include_columns=false&${schemasParam}`))).body).toHaveLength(3);
    const outsider = await memberWith(project, null);
    for (const path of ['tables', 'views', 'functions', 'indexes', 'policies', 'extensions']) {
      expect((await outsider.get(meta(path))).status).toBe(404);
    }
    expect((await outsider.get(meta('tables'))).body).toEqual({ message: expect.any(String) });
    expect((await new ApiClient(project.platform.url).get(meta('tables'))).status).toBe(401);
  });
});

async function fetchPage(path: string): Promise<{ names: string[]; total: string | null }> {
  const response = await fetch(`${project.platform.url}${meta(path)}`, { headers: { cookie: project.owner.cookie } });
  const body = (await response.json()) as { name: string }[];
  return { names: body.map((row) => row.name), total: response.headers.get('x-total-count') };
}
