/** What the logs explorer and its API say (spec part 2 §5, §8), and Basin's own words around them. */
export const LOGS_MESSAGES = {
  /** Parser warnings (spec part 2 §5): shown beside the results; Basin runs the query anyway. */
  withOrSubquery: 'The parser does not yet support WITH and subquery statements.',
  ilike: 'BigQuery does not support ILIKE. Use REGEXP_CONTAINS instead.',
  /** Answered in the `error` field (200): the query itself is at fault. */
  notOneStatement: 'A log query is exactly one SELECT statement.',
  notSelect: 'Only SELECT queries can run over the logs.',
  selectInto: 'SELECT INTO writes a table: log queries only read.',
  stopped: 'The query did not finish in time and was stopped',
  resultTooLarge: (megabytes: number) => `The result is larger than ${megabytes} MB: select fewer columns or rows.`,
  /** 4xx: the parameters, not the query. */
  sqlRequired: 'sql is required',
  sqlTooLong: (kilobytes: number) => `sql must be at most ${kilobytes} kB`,
  invalidTimestamp: (name: string) => `${name} must be an ISO 8601 timestamp`,
  rangeOrder: 'iso_timestamp_start must be before iso_timestamp_end',
  busy: 'Too many log queries are running on this project at once. Wait for one to finish and try again.',
  unavailable: 'The log store is not answering. Try again in a moment.',
  retentionForbidden: 'You need additional permissions to change how long logs are kept',
} as const;
