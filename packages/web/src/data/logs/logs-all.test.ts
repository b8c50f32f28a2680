import { describe, expect, it } from 'vitest';
import { json, mockApi } from '../../test/mock-api';
import { fetchLogsAll } from './logs-all';

const REF = 'abcdefghijklmnopqrst';
const PATH = `/api/platform/projects/${REF}/analytics/endpoints/logs.all`;
const ANSWER = { result: [{ n: 1 }], error: null, warnings: [] };

describe('fetchLogsAll', () => {
  it('asks by GET with the SQL and the range in the query string', async () => {
    const { fetchMock } = mockApi({ [`GET ${PATH}`]: json(ANSWER) });
    const params = { sql: 'select 1 as n', iso_timestamp_start: '2026-01-01T00:00:00.000Z', iso_timestamp_end: '2026-01-01T01:00:00.000Z' };
    expect(await fetchLogsAll(REF, params)).toEqual(ANSWER);
    const url = new URL(String(fetchMock.mock.calls[0]![0]), 'http://localhost');
    expect(Object.fromEntries(url.searchParams)).toEqual(params);
  });

  it('sends a long query as a POST body', async () => {
    const { calls } = mockApi({ [`POST ${PATH}`]: json(ANSWER) });
    const sql = `select 1 as n where 'x' <> '${'x'.repeat(10_000)}'`;
    expect(await fetchLogsAll(REF, { sql })).toEqual(ANSWER);
    expect(calls).toEqual([{ method: 'POST', path: PATH, body: { sql } }]);
  });
});
