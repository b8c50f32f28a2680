import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberWith, ODD_SCHEMA, startMetaProject, type MetaProject } from './meta-fixture.ts';

const TSC = fileURLToPath(new URL('../../../node_modules/typescript/bin/tsc', import.meta.url));
const run = promisify(execFile);

let project: MetaProject;
let dir: string;
const typesPath = (schemas: string) => `/api/v1/projects/${project.ref}/types/typescript?included_schemas=${encodeURIComponent(schemas)}`;

beforeAll(async () => {
  project = await startMetaProject();
  dir = await mkdtemp(path.join(os.tmpdir(), 'basin-types-'));
});
afterAll(async () => {
  await project?.platform.destroy();
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** Type-level checks of the generated file: each line fails compilation when a shape is wrong. */
const SHAPES = String.raw`
import type { CompositeTypes, Database, Enums, Json, Tables, TablesInsert, TablesUpdate } from './supabase'
import { Constants } from './supabase'

type Equals<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false
const assert = <T extends true>() => {}

type Profile = Tables<'profiles'>
assert<Equals<Profile['id'], number>>()
assert<Equals<Profile['username'], string>>()
assert<Equals<Profile['email'], string | null>>()
assert<Equals<Profile['mood'], 'happy' | 'sad'>>()
assert<Equals<Profile['moods'], ('happy' | 'sad')[] | null>>()
assert<Equals<Profile['tags'], string[]>>()
assert<Equals<Profile['data'], Json | null>>()
assert<Equals<Profile['score'], number | null>>()
assert<Equals<Profile['created_at'], string>>()
assert<Equals<Profile['location'], CompositeTypes<'point3'> | null>>()
assert<Equals<Profile['Weird "Col" ñ'], number | null>>()
assert<Equals<CompositeTypes<'point3'>, { x: number | null; y: number | null; 'z coord': number | null }>>()

const minimal: TablesInsert<'profiles'> = { username: 'a' }
// @ts-expect-error username is NOT NULL without a default
const missing: TablesInsert<'profiles'> = {}
// @ts-expect-error id is GENERATED ALWAYS AS IDENTITY
const withId: TablesInsert<'profiles'> = { username: 'a', id: 1 }
// @ts-expect-error name_upper is a generated column
const generated: TablesInsert<'profiles'> = { username: 'a', name_upper: 'A' }
// @ts-expect-error mood is NOT NULL even with a default
const nullMood: TablesInsert<'profiles'> = { username: 'a', mood: null }
const post: TablesInsert<'posts'> = { author_id: 1, title: 't', id: 3, counter: 4 }
const update: TablesUpdate<'profiles'> = { bio: null }
// @ts-expect-error generated columns cannot be updated either
const updateGenerated: TablesUpdate<'profiles'> = { name_upper: 'x' }
const emptyUpdate: TablesUpdate<'posts'> = {}

type PostRelationship = Database['public']['Tables']['posts']['Relationships'][number]
assert<Equals<PostRelationship['referencedRelation'], 'profiles'>>()
assert<Equals<PostRelationship['columns'], ['author_id']>>()
assert<Equals<PostRelationship['isOneToOne'], false>>()

assert<Equals<Tables<'post_titles'>, { id: number | null; title: string | null }>>()
assert<Equals<Tables<'post_counts'>, { author_id: number | null; n: number | null }>>()

type OddSchema = 'Odd "Schema" ü'
type OddMood = 'happy' | 'so "sad"' | 'ünï code'
assert<Equals<Tables<{ schema: OddSchema }, 'Tàble "Q" X'>['mood col'], OddMood | null>>()
assert<Equals<Enums<{ schema: OddSchema }, 'Mood "x"'>, OddMood>>()
assert<Equals<Enums<'mood'>, 'happy' | 'sad'>>()
assert<Equals<(typeof Constants)['public']['Enums']['mood'], readonly ['happy', 'sad']>>()

type Functions = Database['public']['Functions']
assert<Equals<Extract<Functions['add'], { Args: { a: number } }>['Returns'], number>>()
assert<Equals<Extract<Functions['add'], { Args: { a: string } }>['Returns'], string>>()
const addArgs: Extract<Functions['add'], { Args: { a: number } }>['Args'] = { a: 1 }
assert<Equals<Functions['search_posts']['Returns'], Tables<'posts'>[]>>()
assert<Equals<Functions['top_titles']['Returns'], { title: string; rank: number }[]>>()
assert<Equals<Functions['stats']['Returns'], { total: number; newest: string }>>()
assert<Equals<Functions['secure']['Returns'], undefined>>()
assert<Equals<Database[OddSchema]['Functions']['Fn "1"']['Returns'], OddMood[]>>()
// @ts-expect-error trigger functions cannot be called through the API
type Trigger = Functions['touch']
`;

describe('GET /v1/projects/{ref}/types/typescript', () => {
  it('generates types that compile with tsc --strict and have the right shapes', async () => {
    const { status, body } = await project.owner.get(typesPath(`public,${ODD_SCHEMA}`));
    expect(status).toBe(200);
    expect(body.types).toContain('export type Database = {');
    await writeFile(path.join(dir, 'supabase.ts'), body.types);
    await writeFile(path.join(dir, 'shapes.ts'), SHAPES);
    const options = ['--strict', '--noEmit', '--target', 'es2022', '--module', 'esnext', '--moduleResolution', 'bundler'];
    const compile = (file: string) => run(process.execPath, [TSC, ...options, path.join(dir, file)], { cwd: dir }).catch((error) => error);
    const alone = await compile('supabase.ts');
    expect(alone.stdout ?? '').toBe('');
    const shapes = await compile('shapes.ts');
    expect(shapes.stdout ?? '').toBe('');
  }, 120_000);

  it('defaults to public and leaves other schemas out', async () => {
    const { body } = await project.owner.get(`/api/v1/projects/${project.ref}/types/typescript`);
    expect(body.types).toContain('  public: {');
    expect(body.types).not.toContain(ODD_SCHEMA.slice(0, 3));
    expect(body.types).not.toContain('  auth: {');
  });

  it('is readable by every member and 404 for others', async () => {
    const reader = await memberWith(project, 'Read-only');
    expect((await reader.get(typesPath('public'))).status).toBe(200);
    const outsider = await memberWith(project, null);
    expect((await outsider.get(typesPath('public'))).status).toBe(404);
  });

  it('answers many readers at once: the two-session readers take turns instead of waiting on each other', async () => {
    // Types and the API description each take both catalog sessions of the instance; the lists take one.
    const answers = await Promise.all([
      ...Array.from({ length: 4 }, () => project.owner.get(typesPath('public'))),
      ...Array.from({ length: 2 }, () => project.owner.get(`/api/platform/projects/${project.ref}/api/rest`)),
      ...Array.from({ length: 2 }, () => project.owner.get(`/api/platform/pg-meta/${project.ref}/tables?include_columns=true`)),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual(Array(8).fill(200));
  }, 60_000);
});
