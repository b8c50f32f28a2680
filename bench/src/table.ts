/** One line of the bench's table. */
export type TableRow = [measure: string, result: string, target: string, note: string];

/** A plain aligned text table, readable in a terminal and in a CI log alike. */
export function formatTable(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const widths = header.map((title, i) => Math.max(title.length, ...rows.map((row) => (row[i] ?? '').length)));
  const line = (cells: readonly string[]) =>
    widths
      .map((width, i) => (cells[i] ?? '').padEnd(width))
      .join(' | ')
      .trimEnd();
  return [line(header), widths.map((width) => '-'.repeat(width)).join('-|-'), ...rows.map(line)].join('\n');
}
