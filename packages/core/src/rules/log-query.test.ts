import { describe, expect, it } from 'vitest';
import { LOGS_MESSAGES } from '../logs-messages.ts';
import { isValidLogRetention, logQueryWarnings } from './log-query.ts';

// Trees shaped as libpg_query answers them (the server's tests run the real parser).
const select = (extra: Record<string, unknown> = {}) => ({ stmts: [{ stmt: { SelectStmt: { targetList: [], ...extra } } }] });
const column = (name: string) => ({ ColumnRef: { fields: [{ String: { sval: name } }] } });
const text = (value: string) => ({ A_Const: { sval: { sval: value } } });

describe('logQueryWarnings', () => {
  it('warns on WITH, subqueries in FROM and sublinks', () => {
    expect(logQueryWarnings(select({ withClause: { ctes: [{ CommonTableExpr: { ctename: 'x' } }] } }))).toEqual([
      LOGS_MESSAGES.withOrSubquery,
    ]);
    expect(logQueryWarnings(select({ fromClause: [{ RangeSubselect: { subquery: select() } }] }))).toEqual([LOGS_MESSAGES.withOrSubquery]);
    expect(logQueryWarnings(select({ whereClause: { SubLink: { subLinkType: 'EXISTS_SUBLINK' } } }))).toEqual([
      LOGS_MESSAGES.withOrSubquery,
    ]);
  });

  it('warns on ILIKE, after the subquery warning when both apply', () => {
    const ilike = { A_Expr: { kind: 'AEXPR_ILIKE', name: [{ String: { sval: '~~*' } }], lexpr: column('path'), rexpr: text('%x%') } };
    expect(logQueryWarnings(select({ whereClause: ilike }))).toEqual([LOGS_MESSAGES.ilike]);
    expect(logQueryWarnings(select({ whereClause: { BoolExpr: { args: [ilike, { SubLink: {} }] } } }))).toEqual([
      LOGS_MESSAGES.withOrSubquery,
      LOGS_MESSAGES.ilike,
    ]);
  });

  it('ignores the words in strings and identifiers, and LIKE', () => {
    const like = { A_Expr: { kind: 'AEXPR_LIKE', lexpr: column('ilike'), rexpr: text('SubLink with select') } };
    expect(logQueryWarnings(select({ whereClause: like, targetList: [column('withClause')] }))).toEqual([]);
  });
});

describe('isValidLogRetention', () => {
  it('takes whole days from 0 to 90', () => {
    expect([0, 1, 7, 90].every(isValidLogRetention)).toBe(true);
    expect([-1, 0.5, 91, Number.NaN].some(isValidLogRetention)).toBe(false);
  });
});
