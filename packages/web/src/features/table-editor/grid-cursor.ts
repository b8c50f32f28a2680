/**
 * The grid's keyboard cursor: the active cell and the anchor of the range Shift extends from, as
 * spreadsheets move them (arrows, Home and End, Ctrl with either for the edges, Page Up and Down).
 */
export interface CellPoint {
  row: number;
  column: number;
}

export interface GridCursor {
  active: CellPoint;
  anchor: CellPoint;
}

export interface CellRange {
  top: number;
  bottom: number;
  left: number;
  right: number;
}

/** Rows Page Up and Page Down move by. */
const PAGE_ROWS = 10;

const clamp = (value: number, max: number) => Math.min(Math.max(value, 0), Math.max(max - 1, 0));

function target({ row, column }: CellPoint, key: string, toEdge: boolean, rows: number, columns: number): CellPoint | null {
  switch (key) {
    case 'ArrowUp':
      return { row: toEdge ? 0 : row - 1, column };
    case 'ArrowDown':
      return { row: toEdge ? rows - 1 : row + 1, column };
    case 'ArrowLeft':
      return { row, column: toEdge ? 0 : column - 1 };
    case 'ArrowRight':
      return { row, column: toEdge ? columns - 1 : column + 1 };
    case 'Home':
      return { row: toEdge ? 0 : row, column: 0 };
    case 'End':
      return { row: toEdge ? rows - 1 : row, column: columns - 1 };
    case 'PageUp':
      return { row: row - PAGE_ROWS, column };
    case 'PageDown':
      return { row: row + PAGE_ROWS, column };
    default:
      return null;
  }
}

/** The cursor after a key, or null when the key does not move it. */
export function moveCursor(
  cursor: GridCursor,
  key: string,
  { shift, ctrl }: { shift: boolean; ctrl: boolean },
  rows: number,
  columns: number,
): GridCursor | null {
  const next = target(cursor.active, key, ctrl, rows, columns);
  if (!next) return null;
  const active = { row: clamp(next.row, rows), column: clamp(next.column, columns) };
  return { active, anchor: shift ? cursor.anchor : active };
}

export function cursorRange({ active, anchor }: GridCursor): CellRange {
  return {
    top: Math.min(active.row, anchor.row),
    bottom: Math.max(active.row, anchor.row),
    left: Math.min(active.column, anchor.column),
    right: Math.max(active.column, anchor.column),
  };
}

export const inRange = (range: CellRange, row: number, column: number) =>
  row >= range.top && row <= range.bottom && column >= range.left && column <= range.right;
