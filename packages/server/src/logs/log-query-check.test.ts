import { LOGS_MESSAGES } from '@basin/core';
import { describe, expect, it } from 'vitest';
import { checkLogQuery } from './log-query-check.ts';
import { wrappedStatement } from './logs-all.ts';

const SUBQUERY = LOGS_MESSAGES.withOrSubquery;
const ILIKE = LOGS_MESSAGES.ilike;

describe('parser warnings (the real Postgres parser)', () => {
  it.each([
    ['with recent as (select * from edge_logs) select count(*) from recent', [SUBQUERY]],
    ['select * from (select * from edge_logs) as e', [SUBQUERY]],
    ['select * from edge_logs where status in (select 500)', [SUBQUERY]],
    ['select * from edge_logs e where exists (select 1 from auth_logs a where a.status = e.status)', [SUBQUERY]],
    ['select (select max(timestamp) from auth_logs) as last_sign_in', [SUBQUERY]],
    ['select array(select id from edge_logs) as ids', [SUBQUERY]],
    ['select * from edge_logs, lateral (select 1) as one', [SUBQUERY]],
    ["select * from edge_logs where path ilike '%rest%'", [ILIKE]],
    ["select * from edge_logs where path not ilike '%rest%'", [ILIKE]],
    ["select * from edge_logs where path ilike '%x%' and status in (select 1)", [SUBQUERY, ILIKE]],
  ])('%s', async (sql, warnings) => {
    expect((await checkLogQuery(sql)).warnings).toEqual(warnings);
  });

  it.each([
    "select 'with x as (select 1) select * from (select 2) where a ilike b' as text",
    'select "with", "select", "ilike", "exists" from edge_logs',
    'select 1 -- with (select ilike)\n',
    'select /* (select 1) ilike */ 1',
    "select * from edge_logs where path like '%ilike%'",
    "select $$ (select 1) $$ as dollar, E'\\'ilike\\'' as escaped",
    'select count(*) from edge_logs union all select count(*) from auth_logs',
  ])('none for %s', async (sql) => {
    expect(await checkLogQuery(sql)).toMatchObject({ ok: true, warnings: [] });
  });
});

describe('what a log query may be', () => {
  it('is exactly one SELECT', async () => {
    expect(await checkLogQuery('select 1; select 2')).toMatchObject({ ok: false, error: LOGS_MESSAGES.notOneStatement });
    expect(await checkLogQuery('delete from edge_logs')).toMatchObject({ ok: false, error: LOGS_MESSAGES.notSelect });
    expect(await checkLogQuery("set role 'basin_admin'")).toMatchObject({ ok: false, error: LOGS_MESSAGES.notSelect });
    expect(await checkLogQuery('select * into copied from edge_logs')).toMatchObject({ ok: false, error: LOGS_MESSAGES.selectInto });
    expect(await checkLogQuery('-- nothing')).toMatchObject({ ok: false, error: LOGS_MESSAGES.notOneStatement });
    expect(await checkLogQuery('select from where')).toMatchObject({ ok: false, error: 'syntax error at or near "where"' });
  });

  it("keeps the statement's own text, after multi-byte characters too, without the semicolon", async () => {
    expect(await checkLogQuery("select 'ünï' as a ;  ")).toMatchObject({ ok: true, statement: "select 'ünï' as a " });
    expect(await checkLogQuery('values (1), (2)')).toMatchObject({ ok: true, statement: 'values (1), (2)' });
  });

  it('wraps it so that a trailing comment cannot swallow the rest', async () => {
    const checked = await checkLogQuery('select 1 as one -- the end');
    if (!checked.ok) throw new Error(checked.error);
    expect((await checkLogQuery(wrappedStatement(checked.statement))).ok).toBe(true);
  });
});
