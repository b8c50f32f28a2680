/**
 * What the import panel shows before anything is sent: the first rows of the CSV (or of text
 * pasted from a spreadsheet, tab-separated), parsed in the browser, and a type for each column
 * guessed from its values, which a new table is created with unless the member picks another.
 */
import type { ImportColumnType } from '@basin/core/schemas';
import Papa from 'papaparse';

export const PREVIEW_ROWS = 20;
/** How much of a file is read for its preview: enough for the first rows of any sensible file. */
export const PREVIEW_BYTES = 256 * 1024;

export interface CsvPreview {
  headers: string[];
  rows: string[][];
  types: ImportColumnType[];
  delimiter: 'comma' | 'tab';
}

const INT4_MAX = 2_147_483_647;
const INTEGER = /^[-+]?\d+$/;
const NUMERIC = /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/;
const BOOLEAN = /^(true|false|t|f|yes|no)$/i;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/;
const TIMESTAMPTZ = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[-+]\d{2}(:?\d{2})?)$/i;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const isJson = (value: string) => {
  if (!/^[[{]/.test(value)) return false;
  try {
    JSON.parse(value);
    return true;
  } catch {
    return false;
  }
};

/** The narrowest type every value fits (empty values are NULL and fit any); text when none does. */
export function detectType(values: string[]): ImportColumnType {
  const present = values.filter((value) => value !== '');
  const all = (test: (value: string) => boolean) => present.length > 0 && present.every(test);
  if (all((value) => INTEGER.test(value))) return present.every((value) => Math.abs(Number(value)) <= INT4_MAX) ? 'integer' : 'bigint';
  if (all((value) => NUMERIC.test(value))) return 'numeric';
  if (all((value) => BOOLEAN.test(value))) return 'boolean';
  if (all((value) => DATE.test(value))) return 'date';
  if (all((value) => TIMESTAMPTZ.test(value))) return 'timestamp with time zone';
  if (all((value) => TIMESTAMP.test(value))) return 'timestamp';
  if (all((value) => UUID.test(value))) return 'uuid';
  if (all(isJson)) return 'jsonb';
  return 'text';
}

/** The preview of the start of a CSV or tab-separated text (a cut-off last line is left out). */
export function previewCsv(text: string): CsvPreview {
  const firstLine = text.slice(0, text.indexOf('\n') === -1 ? text.length : text.indexOf('\n'));
  const delimiter = firstLine.includes('\t') && !firstLine.includes(',') ? 'tab' : 'comma';
  const parsed = Papa.parse<string[]>(text, {
    delimiter: delimiter === 'tab' ? '\t' : ',',
    preview: PREVIEW_ROWS + 1,
    skipEmptyLines: true,
  });
  const [headers = [], ...rows] = parsed.data;
  const types = headers.map((_, index) => detectType(rows.map((row) => row[index] ?? '')));
  return { headers, rows, types, delimiter };
}
