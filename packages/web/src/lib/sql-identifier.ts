/**
 * Quotes a Postgres identifier: wrapped in double quotes, inner quotes doubled, so any name
 * (spaces, capitals, unicode, quotes) reaches SQL as one identifier. NUL cannot be in a name.
 */
export function quoteIdentifier(name: string): string {
  if (name.length === 0) throw new Error('An identifier cannot be empty');
  if (name.includes('\0')) throw new Error('An identifier cannot contain NUL');
  return `"${name.replaceAll('"', '""')}"`;
}

/** `"schema"."table"`. */
export function qualifiedName(schema: string, table: string): string {
  return `${quoteIdentifier(schema)}.${quoteIdentifier(table)}`;
}

/** A non-negative whole number for LIMIT/OFFSET; anything else is refused rather than interpolated. */
function wholeNumber(value: number, what: string): number {
  if (!Number.isSafeInteger(value) || value < 0) throw new Error(`${what} must be a whole number`);
  return value;
}

/** The read-only page of rows the table editor shows. */
export function selectRowsSql(schema: string, table: string, limit: number, offset: number): string {
  return `select * from ${qualifiedName(schema, table)} limit ${wholeNumber(limit, 'limit')} offset ${wholeNumber(offset, 'offset')};`;
}
