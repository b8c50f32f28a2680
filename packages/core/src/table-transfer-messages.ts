/** The words of the table editor's import and export, on the server and in the dashboard. */
export const TABLE_TRANSFER_MESSAGES = {
  readOnly: 'Read-only members can export rows but not import them',
  tooLarge: 'The CSV is larger than 1 GB',
  exportQuery: 'An export takes filters and order only (no select, limit, offset or embeds)',
  noTable: (schema: string, table: string) => `There is no table ${schema}.${table}`,
  tableExists: (schema: string, table: string) => `A table ${schema}.${table} already exists`,
  unknownColumn: (name: string) => `The table has no column "${name}"`,
  columnCount: (csv: number, mapped: number) => `The CSV has ${csv} columns but the mapping has ${mapped}`,
  badColumns: 'columns must be a JSON array of { name, type } or null, one per CSV column',
  typeRequired: (name: string) => `Column "${name}" needs a type for the new table`,
  imported: (rows: number) => `Imported ${rows} ${rows === 1 ? 'row' : 'rows'}`,
  importFailed: (message: string) => `Failed to import: ${message}`,
  emptyFile: 'The CSV has no rows',
} as const;
