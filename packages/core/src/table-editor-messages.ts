/** The table editor's words: the dashboard's hints and toasts, and the server's refusal of a write. */
export const TABLE_EDITOR_MESSAGES = {
  /** Read-only members read rows as the read-only database role, which writes nothing. */
  readOnly: 'Read-only members can view rows but not change them',
  noPrimaryKey: 'Rows of a table without a primary key can be added here, but not edited or deleted',
  insertFailed: (message: string) => `Failed to insert row: ${message}`,
  updateFailed: (message: string) => `Failed to update row: ${message}`,
  deleteFailed: (message: string) => `Failed to delete rows: ${message}`,
  inserted: 'Row inserted',
  updated: 'Row updated',
  deleted: (count: number) => `Deleted ${count} ${count === 1 ? 'row' : 'rows'}`,
  pasted: (count: number) => `Pasted into ${count} ${count === 1 ? 'row' : 'rows'}`,
  pasteFailed: (message: string) => `Failed to paste: ${message}`,
  /** Some rows were written before one was refused: each row is its own write. */
  pastePartly: (written: number, total: number, message: string) => `${written} of ${total} rows were written, then: ${message}`,
  pasteRefused: (column: string, problem: string) => `Cannot paste into ${column}: ${problem}`,
  nothingPasted: 'Nothing to paste: the cells are as they were, or not writable',
} as const;
