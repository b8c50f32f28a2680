/**
 * What a paste into the grid writes: the pasted cells laid over the rows and columns from the
 * cursor on, read as the row form reads its fields (an empty cell is NULL except in text), checked
 * before anything is sent. Cells past the page's last row or column, and generated columns, are left out.
 */
import type { PgColumn } from '@basin/core/schemas';
import type { Row } from '../../data/table-rows/rows-params';
import type { CellPoint } from './grid-cursor';
import { changedValues, fieldProblems, type FieldValues, isWritable } from './row-form-values';

export type PastePlan = { updates: { row: Row; changes: Row }[] } | { refused: { column: string; problem: string } };

export function pastePlan(columns: PgColumn[], rows: Row[], at: CellPoint, cells: string[][]): PastePlan {
  const updates: { row: Row; changes: Row }[] = [];
  for (const [offset, line] of cells.entries()) {
    const row = rows[at.row + offset];
    if (!row) break;
    const fields: FieldValues = {};
    const touched: PgColumn[] = [];
    line.forEach((text, index) => {
      const column = columns[at.column + index];
      if (!column || !isWritable(column)) return;
      fields[column.name] = text;
      touched.push(column);
    });
    const [problem] = Object.entries(fieldProblems(touched, fields));
    if (problem) return { refused: { column: problem[0], problem: problem[1] } };
    const changes = changedValues(touched, row, fields);
    if (Object.keys(changes).length) updates.push({ row, changes });
  }
  return { updates };
}
