/**
 * Cells as spreadsheets put them on the clipboard: tab-separated lines, a cell holding a tab, a
 * newline or a quote in double quotes (papaparse writes and reads that form).
 */
import Papa from 'papaparse';

export function cellsToText(cells: string[][]): string {
  return Papa.unparse(cells, { delimiter: '\t', newline: '\n' });
}

/** The cells of pasted text; the newline spreadsheets put after the last line ends it, it adds no row. */
export function textToCells(text: string): string[][] {
  return Papa.parse<string[]>(text.replace(/\r?\n$/, ''), { delimiter: '\t' }).data;
}
