import { describe, expect, it } from 'vitest';
import { lineColumnOf } from './sql-editor.ts';

describe('lineColumnOf', () => {
  it('turns a Postgres position into line and column', () => {
    const sql = 'select 1;\nselect nope from t';
    expect(lineColumnOf(sql, 1)).toEqual({ line: 1, column: 1 });
    expect(lineColumnOf(sql, 18)).toEqual({ line: 2, column: 8 });
  });

  it('counts characters, not UTF-16 units, as Postgres does', () => {
    // '😀' is one character for Postgres, two units for JavaScript.
    expect(lineColumnOf("select '😀', nope", 14)).toEqual({ line: 1, column: 14 });
  });
});
