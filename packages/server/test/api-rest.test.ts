import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberWith, ODD_SCHEMA, ODD_TABLE, startMetaProject, type MetaProject } from './meta-fixture.ts';

let project: MetaProject;
const apiRest = () => `/api/platform/projects/${project.ref}/api/rest`;
const config = () => `/api/platform/projects/${project.ref}/config/postgrest`;

beforeAll(async () => {
  project = await startMetaProject();
});
afterAll(() => project?.platform.destroy());

describe('GET /platform/projects/{ref}/api/rest', () => {
  it('describes the exposed tables and views with properties and required columns', async () => {
    const { status, body } = await project.owner.get(apiRest());
    expect(status).toBe(200);
    expect(body.swagger).toBe('2.0');
    expect(Object.keys(body.definitions).sort()).toEqual(['post_counts', 'post_titles', 'posts', 'profiles']);
    const profiles = body.definitions.profiles;
    expect(profiles).toMatchObject({ type: 'object', description: 'User profiles', required: ['username'] });
    expect(profiles.properties.id).toEqual({ description: 'Note:\nThis is a Primary Key.<pk/>', format: 'bigint', type: 'integer' });
    expect(profiles.properties.username).toEqual({ description: 'The handle', format: 'text', type: 'string' });
    expect(profiles.properties.mood).toEqual({ format: 'public.mood', type: 'string', enum: ['happy', 'sad'] });
    expect(profiles.properties.tags).toEqual({ format: 'text[]', type: 'array', items: { type: 'string' } });
    expect(profiles.properties.data).toEqual({ format: 'jsonb' });
    expect(profiles.properties['Weird "Col" ñ']).toEqual({ format: 'integer', type: 'integer' });
    expect(body.definitions.posts.required.sort()).toEqual(['author_id', 'title']);
    expect(body.definitions.posts.properties.author_id.description).toBe(
      "Note:\nThis is a Foreign Key to `profiles.id`.<fk table='profiles' column='id'/>",
    );
  });

  it('has a path per table and view, and /rpc/{fn} per callable function with its post parameters', async () => {
    const { body } = await project.owner.get(apiRest());
    expect(Object.keys(body.paths).sort()).toEqual([
      '/',
      '/post_counts',
      '/post_titles',
      '/posts',
      '/profiles',
      '/rpc/add',
      '/rpc/search_posts',
      '/rpc/secure',
      '/rpc/stats',
      '/rpc/top_titles',
    ]);
    expect(Object.keys(body.paths['/posts']).sort()).toEqual(['delete', 'get', 'patch', 'post']);
    expect(Object.keys(body.paths['/post_counts'])).toEqual(['get']);
    expect(body.paths['/posts'].get.parameters).toContainEqual({ $ref: '#/parameters/rowFilter.posts.title' });
    expect(body.parameters['rowFilter.posts.title']).toMatchObject({ name: 'title', in: 'query', format: 'character varying' });
    const add = body.paths['/rpc/add'].post;
    expect(add.tags).toEqual(['(rpc) add']);
    expect(add.summary).toBe('Adds two numbers');
    // Two overloads: (a int, b int default 2) and (a text, b text); b is optional in one of them.
    expect(add.parameters[0]).toMatchObject({ name: 'args', in: 'body', required: true, schema: { type: 'object', required: ['a'] } });
    expect(Object.keys(add.parameters[0].schema.properties)).toEqual(['a', 'b']);
    expect(body.paths['/rpc/top_titles'].post.parameters[0].schema).toEqual({
      type: 'object',
      required: ['n'],
      properties: { n: { format: 'integer', type: 'integer' } },
    });
  });
});

describe('/platform/projects/{ref}/config/postgrest', () => {
  it('answers public by default; exposing another schema changes the description', async () => {
    expect((await project.owner.get(config())).body).toEqual({
      db_schema: 'public',
      max_rows: 1000,
      db_aggregates_enabled: false,
      db_plan_enabled: false,
    });
    const patched = await project.owner.patch(config(), { db_schema: ` public , ${ODD_SCHEMA}`, max_rows: 500 });
    expect(patched).toEqual({
      status: 200,
      body: { db_schema: `public,${ODD_SCHEMA}`, max_rows: 500, db_aggregates_enabled: false, db_plan_enabled: false },
    });
    const { body } = await project.owner.get(apiRest());
    const odd = body.definitions[`${ODD_SCHEMA}.${ODD_TABLE}`];
    expect(odd.properties['mood col']).toEqual({
      format: `"${ODD_SCHEMA.replace(/"/g, '""')}"."Mood ""x"""`,
      type: 'string',
      enum: ['happy', 'so "sad"', 'ünï code'],
    });
    expect(odd.required).toEqual(['Col "A"']);
    expect(body.paths[`/rpc/${ODD_SCHEMA}.Fn "1"`].post.parameters[0].schema.required).toEqual(['Arg x']);
  });

  it('refuses bad input and changes nothing', async () => {
    const before = (await project.owner.get(config())).body;
    for (const body of [
      { db_schema: ' , ' },
      { db_schema: 'pg_catalog' },
      { max_rows: 0 },
      { max_rows: 'many' },
      { db_aggregates_enabled: 'yes' },
      { db_plan_enabled: 1 },
    ]) {
      const answer = await project.owner.patch(config(), body);
      expect(answer.status).toBe(400);
      expect(answer.body.message).toBeTruthy();
    }
    expect((await project.owner.get(config())).body).toEqual(before);
  });

  it('lets every member read, only admins change, and nobody outside see', async () => {
    const developer = await memberWith(project, 'Developer');
    const reader = await memberWith(project, 'Read-only');
    const outsider = await memberWith(project, null);
    expect((await reader.get(config())).status).toBe(200);
    expect((await reader.get(apiRest())).status).toBe(200);
    const refused = await developer.patch(config(), { db_schema: 'public' });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBeTruthy();
    expect((await developer.patch(config(), { db_aggregates_enabled: true })).status).toBe(403);
    expect((await reader.get(config())).body.db_aggregates_enabled).toBe(false);
    expect((await developer.patch(config(), { db_plan_enabled: true })).status).toBe(403);
    expect((await reader.get(config())).body.db_plan_enabled).toBe(false);
    expect((await outsider.get(config())).status).toBe(404);
    expect((await outsider.get(apiRest())).status).toBe(404);
    expect((await outsider.patch(config(), { db_schema: 'public' })).status).toBe(404);
  });
});
