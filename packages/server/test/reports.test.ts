import type { ReportSeries } from '@basin/core/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, startTestPlatform, uniqueEmail, waitFor } from './harness.ts';
import { organization, projectWithRows, type Org, type ProjectWithRows } from './lifecycle-helpers.ts';
import { signUpMember } from './membership.ts';
import { storedFiles } from './stored-files.ts';

// The built-in report's charts from real requests, sign-ins and resource samples, and custom
// reports with their permissions.
let platform: Awaited<ReturnType<typeof startTestPlatform>>;
let org: Org;
let readonly: ApiClient;
let outsider: ApiClient;
let project: ProjectWithRows;
let keys: { anon: string; service: string };
const PASSWORD = 'a fine password 1';

const gateway = (path: string, init: RequestInit & { key?: string } = {}) =>
  fetch(`${platform.url}/api/projects/${project.ref}/gateway${path}`, {
    ...init,
    headers: { apikey: init.key ?? keys.anon, 'content-type': 'application/json', ...(init.headers as Record<string, string>) },
  });

const series = (chart: string, range = '1h', client: ApiClient = org.developer) =>
  client.get<ReportSeries>(`/api/platform/projects/${project.ref}/reports/series/${chart}?range=${range}`);

/** Each series' total over the range. */
const totals = (answer: ReportSeries) =>
  Object.fromEntries(answer.series.map(({ key }) => [key, answer.points.reduce((sum, point) => sum + (point.values[key] ?? 0), 0)]));

/** Polls a chart until its totals say what the test did (log writes are batched). */
const totalsOnceThere = (chart: string, done: (totals: Record<string, number>) => boolean) =>
  waitFor(async () => totals((await series(chart)).body), done, 15_000, 100);

beforeAll(async () => {
  platform = await startTestPlatform({ resourceSampleIntervalMs: 300 });
  org = await organization(platform.url, 'free');
  readonly = await signUpMember(org.owner, org.slug, 'Read-only', 'readonly');
  outsider = new ApiClient(platform.url);
  await outsider.signUp(uniqueEmail('outsider'));
  project = await projectWithRows(org, '17', 10);
  const settings = (await org.owner.get(`/api/platform/projects/${project.ref}/settings`)).body;
  const key = (role: string) => settings.service_api_keys.find((k: { tags: string }) => k.tags === role).api_key as string;
  keys = { anon: key('anon'), service: key('service_role') };
  await org.owner.patch(`/api/platform/auth/${project.ref}/config`, { MAILER_AUTOCONFIRM: true });
}, 180_000);
afterAll(() => platform?.destroy());

describe('built-in report charts', () => {
  it('counts the API requests made through the gateway, by status class and by path', async () => {
    for (let i = 0; i < 3; i += 1) expect((await gateway('/rest/v1/notes?select=id')).status).toBe(200);
    for (let i = 0; i < 2; i += 1) expect((await gateway('/rest/v1/no_such_table')).status).toBe(404);
    expect((await fetch(`${platform.url}/api/projects/${project.ref}/gateway/rest/v1/notes`)).status).toBe(401);

    const byStatus = await totalsOnceThere('api-requests-by-status', (t) => t['2xx']! >= 3 && t['4xx']! >= 3);
    expect(byStatus).toEqual({ '2xx': 3, '3xx': 0, '4xx': 3, '5xx': 0 });
    const byPath = await totalsOnceThere('api-requests-by-path', (t) => (t['/rest/v1/notes'] ?? 0) >= 4);
    expect(byPath).toEqual({ '/rest/v1/notes': 4, '/rest/v1/no_such_table': 2 });

    const answer = (await series('api-requests-by-path')).body;
    expect(answer.series.map((s) => s.key)).toEqual(['/rest/v1/notes', '/rest/v1/no_such_table']); // busiest first
    expect(answer).toMatchObject({ chart: 'api-requests-by-path', range: '1h', interval_seconds: 60, unit: 'count' });
    expect(answer.points).toHaveLength(60);
    expect(Date.parse(answer.end) - Date.parse(answer.start)).toBe(3_600_000);
    const last = answer.points.at(-1)!;
    expect(Date.parse(last.timestamp)).toBeLessThanOrEqual(Date.now());
    expect(Date.parse(last.timestamp) + 60_000).toBeGreaterThan(Date.now() - 5_000);
  });

  it('cuts 24 hours into 96 buckets and 7 days into 84, counting the same requests', async () => {
    const day = (await series('api-requests-by-status', '24h')).body;
    expect([day.points.length, day.interval_seconds]).toEqual([96, 900]);
    expect(totals(day)['2xx']).toBe(3);
    const week = (await series('api-requests-by-status', '7d')).body;
    expect([week.points.length, week.interval_seconds]).toEqual([84, 7200]);
    expect(totals(week)['4xx']).toBe(3);
  });

  it('counts password sign-ins from the auth logs, succeeded and refused', async () => {
    const email = uniqueEmail('app-user');
    expect((await gateway('/auth/v1/signup', { method: 'POST', body: JSON.stringify({ email, password: PASSWORD }) })).status).toBe(200);
    const signIn = (password: string) =>
      gateway('/auth/v1/token?grant_type=password', { method: 'POST', body: JSON.stringify({ email, password }) });
    expect((await signIn(PASSWORD)).status).toBe(200);
    expect((await signIn(PASSWORD)).status).toBe(200);
    expect((await signIn('not the password')).status).toBe(400);
    expect(await totalsOnceThere('auth-sign-ins', (t) => t.succeeded! >= 2 && t.refused! >= 1)).toEqual({ succeeded: 2, refused: 1 });
  });

  it('counts storage requests by kind', async () => {
    await storedFiles(org.owner, project.ref).createBucket('reports');
    const upload = await gateway('/storage/v1/object/reports/a.txt', {
      method: 'POST',
      key: keys.service,
      headers: { authorization: `Bearer ${keys.service}`, 'content-type': 'text/plain' },
      body: 'hello',
    });
    expect(upload.status).toBe(200);
    const download = await gateway('/storage/v1/object/reports/a.txt', {
      key: keys.service,
      headers: { authorization: `Bearer ${keys.service}` },
    });
    expect(await download.text()).toBe('hello');
    const removed = await gateway('/storage/v1/object/reports', {
      method: 'DELETE',
      key: keys.service,
      headers: { authorization: `Bearer ${keys.service}` },
      body: JSON.stringify({ prefixes: ['a.txt'] }),
    });
    expect(removed.status).toBe(200);
    expect(await totalsOnceThere('storage-requests', (t) => t.delete! >= 1)).toEqual({ read: 1, write: 1, delete: 1 });
  });

  it('charts CPU, memory, disk and connections from the resource samples', async () => {
    const sampled = (chart: string, key: string) =>
      waitFor(
        async () => (await series(chart)).body.points.map((point) => point.values[key]).filter((value) => value !== null),
        (values) => values.length > 0,
        30_000,
        200,
      );
    const cpu = await sampled('database-cpu', 'cpu');
    expect(cpu.every((value) => value! >= 0 && value! <= 100)).toBe(true);
    const memory = await sampled('database-memory', 'memory');
    expect(memory.every((value) => value! > 0)).toBe(true);
    const database = await sampled('database-disk', 'database');
    expect(database.every((value) => value! > 1024 * 1024)).toBe(true);
    const connections = await sampled('database-connections', 'connections');
    expect(connections.every((value) => value! >= 1)).toBe(true); // the data API's and auth's sessions at least
    const disk = (await series('database-disk')).body;
    expect(disk).toMatchObject({
      unit: 'bytes',
      series: [
        { key: 'database', label: 'Database' },
        { key: 'storage', label: 'Stored files' },
      ],
    });
    // Buckets no sample fell in are gaps, not zeros.
    expect(disk.points[0]!.values.database).toBeNull();
  });

  it('answers function invocations as empty buckets before any function ran', async () => {
    const answer = (await series('function-invocations', '24h')).body;
    expect(answer.series).toEqual([]);
    expect(answer.points).toHaveLength(96);
  });

  it('is in the platform’s OpenAPI document, with usage', async () => {
    const document = await org.owner.get('/api/platform/openapi.json');
    expect(document.status).toBe(200);
    expect(Object.keys(document.body.paths)).toEqual(
      expect.arrayContaining([
        '/projects/{ref}/reports/series/{chart}',
        '/projects/{ref}/reports',
        '/projects/{ref}/reports/{id}',
        '/projects/{ref}/reports/{id}/items',
        '/projects/{ref}/usage',
        '/organizations/{slug}/usage',
      ]),
    );
  });

  it('is for members only, and refuses unknown charts and ranges', async () => {
    expect((await series('api-requests-by-status', '1h', readonly)).status).toBe(200);
    expect((await series('api-requests-by-status', '1h', outsider)).status).toBe(404);
    expect((await series('everything')).status).toBe(400);
    expect((await series('api-requests-by-status', '30d')).status).toBe(400);
  });
});

describe('custom reports', () => {
  const reports = (rest = '') => `/api/platform/projects/${project.ref}/reports${rest}`;

  it('creates, renames, fills, rearranges and deletes a report', async () => {
    const created = await org.developer.post(reports(), { name: '  Orders  ' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'Orders', project_ref: project.ref, items: [] });
    const id: string = created.body.id;

    const card = await org.developer.post(reports(`/${id}/items`), {
      sql: 'select id, length(body) as size from notes order by id',
      label: 'Note sizes',
      chartConfig: { view: 'chart', xAxis: 'id', yAxis: 'size' },
    });
    expect(card.status).toBe(201);
    expect(card.body.items).toEqual([
      {
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        label: 'Note sizes',
        sql: 'select id, length(body) as size from notes order by id',
        snippet_id: null,
        chartConfig: { type: 'bar', view: 'chart', xKey: 'id', yKey: 'size' },
      },
    ]);

    const snippet = (
      await org.developer.post(`/api/platform/projects/${project.ref}/snippets`, {
        name: 'Notes per day',
        sql: 'select 1 as day, count(*) from notes',
      })
    ).body;
    const fromSnippet = await org.developer.post(reports(`/${id}/items`), { snippet_id: snippet.id });
    expect(fromSnippet.body.items[1]).toMatchObject({
      label: 'Notes per day',
      sql: 'select 1 as day, count(*) from notes',
      snippet_id: snippet.id,
    });
    // The item keeps its own copy: changing the snippet later does not change the report.
    await org.developer.patch(`/api/platform/projects/${project.ref}/snippets/${snippet.id}`, { sql: 'select 2' });
    const [first, second] = (await org.owner.get(reports(`/${id}`))).body.items;
    expect(second.sql).toBe('select 1 as day, count(*) from notes');

    const rearranged = await org.owner.patch(reports(`/${id}`), {
      name: 'Orders by day',
      items: [
        { id: second.id, label: 'Per day', chartConfig: { type: 'line', view: 'chart', xKey: 'day', yKey: 'count' } },
        { id: first.id, label: first.label, chartConfig: { ...first.chartConfig, view: 'table' } },
      ],
    });
    expect(rearranged.status).toBe(200);
    expect(rearranged.body.name).toBe('Orders by day');
    expect(
      rearranged.body.items.map((item: { label: string; chartConfig: { type: string; view: string } }) => [
        item.label,
        item.chartConfig.type,
        item.chartConfig.view,
      ]),
    ).toEqual([
      ['Per day', 'line', 'chart'],
      ['Note sizes', 'bar', 'table'],
    ]);
    const removed = await org.owner.patch(reports(`/${id}`), { items: [rearranged.body.items[1]] });
    expect(removed.body.items.map((item: { id: string }) => item.id)).toEqual([first.id]);

    expect((await org.owner.get(reports())).body.map((report: { id: string }) => report.id)).toContain(id);
    expect((await org.owner.delete(reports(`/${id}`))).body.id).toBe(id);
    expect((await org.owner.get(reports(`/${id}`))).status).toBe(404);
  });

  it('lets Read-only members read reports but not create or change them (403), and outsiders nothing (404)', async () => {
    const { id } = (await org.owner.post(reports(), { name: 'Shared' })).body;
    await org.owner.post(reports(`/${id}/items`), { sql: 'select 1 as x, 2 as y' });

    const seen = await readonly.get(reports(`/${id}`));
    expect(seen.status).toBe(200);
    expect(seen.body.items[0]).toMatchObject({ label: 'SQL query', chartConfig: { type: 'bar', view: 'chart' } });
    expect((await readonly.get(reports())).status).toBe(200);
    const refused = await readonly.post(reports(), { name: 'Mine' });
    expect(refused).toEqual({ status: 403, body: { message: 'You need additional permissions to create or change reports' } });
    expect((await readonly.post(reports(`/${id}/items`), { sql: 'select 1' })).status).toBe(403);
    expect((await readonly.patch(reports(`/${id}`), { name: 'Renamed' })).status).toBe(403);
    expect((await readonly.delete(reports(`/${id}`))).status).toBe(403);

    for (const answer of [
      await outsider.get(reports()),
      await outsider.get(reports(`/${id}`)),
      await outsider.post(reports(), { name: 'Theirs' }),
      await outsider.post(reports(`/${id}/items`), { sql: 'select 1' }),
      await outsider.delete(reports(`/${id}`)),
    ]) {
      expect(answer.status).toBe(404);
    }
    expect((await org.owner.get(reports(`/${id}`))).body).toMatchObject({ name: 'Shared', items: [{ sql: 'select 1 as x, 2 as y' }] });
  });

  it('refuses another member’s snippet, unknown or repeated items, and bad input', async () => {
    const { id } = (await org.owner.post(reports(), { name: 'Checks' })).body;
    const ownersSnippet = (await org.owner.post(`/api/platform/projects/${project.ref}/snippets`, { name: 'Private', sql: 'select 1' }))
      .body;
    expect((await org.developer.post(reports(`/${id}/items`), { snippet_id: ownersSnippet.id })).status).toBe(404);
    expect((await org.developer.post(reports(`/${id}/items`), {})).status).toBe(400);
    expect((await org.developer.post(reports(`/${id}/items`), { sql: 'select 1', snippet_id: ownersSnippet.id })).status).toBe(400);
    expect((await org.developer.post(reports(), { name: '   ' })).status).toBe(400);

    const item = (await org.developer.post(reports(`/${id}/items`), { sql: 'select 1' })).body.items[0];
    const unknown = await org.developer.patch(reports(`/${id}`), {
      items: [{ id: '00000000-0000-4000-8000-000000000000', label: 'X', chartConfig: { type: 'bar', view: 'chart' } }],
    });
    expect(unknown.status).toBe(400);
    const twice = await org.developer.patch(reports(`/${id}`), { items: [item, item] });
    expect(twice.status).toBe(400);
    expect((await org.developer.get(reports(`/${id}`))).body.items).toEqual([item]);
    expect((await org.developer.get(reports('/not-a-uuid'))).status).toBe(400);
    expect((await org.developer.get(reports('/00000000-0000-4000-8000-000000000000'))).status).toBe(404);
  });
});
