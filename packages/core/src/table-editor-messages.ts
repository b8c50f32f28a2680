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
  /** Table and column changes run as the member's database role, which Read-only members do not have. */
  readOnlyStructure: 'Read-only members can view tables but not change them',
  rlsAdvice: 'Restrict access to your table by enabling RLS and writing Postgres policies.',
  rlsOffWarning: 'Without RLS, anyone with the anon key can read and write every row of this table through the API.',
  unknownType: (type: string) => `Unknown type: ${type}`,
  tableCreated: (name: string) => `Table ${name} created`,
  tableUpdated: (name: string) => `Table ${name} updated`,
  tableDuplicated: (name: string) => `Table ${name} created as a copy`,
  tableTruncated: (name: string) => `Table ${name} emptied`,
  tableDeleted: (name: string) => `Table ${name} deleted`,
} as const;
