import { z } from 'zod';

/**
 * The table editor's import and export (`/platform/projects/{ref}/table-export` and
 * `/table-import`). Exports take the grid's filters and order as further query parameters in
 * PostgREST's grammar (`"price"=gte.10&order="id".asc`); imports stream the CSV as the body.
 */

/** The most a CSV import may hold: a larger body is refused with 413. */
export const TABLE_IMPORT_MAX_BYTES = 1024 * 1024 * 1024;

export const TableExportFormat = z.enum(['csv', 'sql']);
export type TableExportFormat = z.infer<typeof TableExportFormat>;

export const TableExportQuery = z.object({
  schema: z.string().min(1, 'schema is required'),
  table: z.string().min(1, 'table is required'),
  format: TableExportFormat,
});
export type TableExportQuery = z.infer<typeof TableExportQuery>;

/** The types a new table's columns may be given: what the preview detects, and a few more. */
export const IMPORT_COLUMN_TYPES = [
  'text',
  'bigint',
  'integer',
  'numeric',
  'double precision',
  'boolean',
  'date',
  'timestamp with time zone',
  'timestamp',
  'uuid',
  'jsonb',
] as const;
export const ImportColumnType = z.enum(IMPORT_COLUMN_TYPES);
export type ImportColumnType = z.infer<typeof ImportColumnType>;

const ColumnName = z.string().min(1, 'A column name is required').max(63, 'A column name must be at most 63 characters');

/** Where one CSV column goes: a column of the table (with its type when the table is new), or nowhere (`null`). */
export const ImportColumn = z.object({ name: ColumnName, type: ImportColumnType.optional() }).nullable();
export type ImportColumn = z.infer<typeof ImportColumn>;

/** The CSV's columns in order; at least one of them imported. */
export const ImportColumns = z
  .array(ImportColumn)
  .min(1, 'The mapping names no column')
  .max(1600, 'A table has at most 1600 columns')
  .refine((columns) => columns.some(Boolean), 'Map at least one CSV column to a table column')
  .refine((columns) => {
    const names = columns.flatMap((column) => (column ? [column.name] : []));
    return new Set(names).size === names.length;
  }, 'Two CSV columns are mapped to one table column');

/** The query string of an import; `columns` is ImportColumns as JSON. */
export const TableImportQuery = z.object({
  schema: z.string().min(1, 'schema is required'),
  table: z.string().min(1, 'table is required').max(63, 'A table name must be at most 63 characters'),
  columns: z.string().min(1, 'columns is required'),
  /** `tab` for text pasted from a spreadsheet. */
  delimiter: z.enum(['comma', 'tab']).default('comma'),
  /** The first line names the columns, and is not imported. */
  header: z.enum(['true', 'false']).default('true'),
  /** Create the table from the columns' types first, in the same transaction. */
  create: z.enum(['true', 'false']).default('false'),
});
export type TableImportQuery = z.infer<typeof TableImportQuery>;

export const TableImportResult = z.object({ rows: z.number().int() }).meta({ id: 'TableImportResult' });
export type TableImportResult = z.infer<typeof TableImportResult>;

/** 422: the first bad line of the CSV, with Postgres's (or the parser's) message; nothing was imported. */
export const TableImportError = z
  .object({
    message: z.string(),
    /** The line of the file where the bad row starts (1 is the header). */
    line: z.number().int().optional(),
    /** The bad row's number among the data rows (1 is the first after the header). */
    row: z.number().int().optional(),
    column: z.string().optional(),
  })
  .meta({ id: 'TableImportError' });
export type TableImportError = z.infer<typeof TableImportError>;
