/**
 * Cells as spreadsheets put them on the clipboard: tab-separated lines, a cell that holds a tab, a
 * newline or a quote in double quotes (a quote doubled inside).
 */

const needsQuotes = /[\t\n\r"]/;

function cellOut(text: string): string {
  return needsQuotes.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function cellsToText(cells: string[][]): string {
  return cells.map((line) => line.map(cellOut).join('\t')).join('\n');
}

/** The cells of pasted text; a trailing newline (spreadsheets add one) ends the last line, it does not add one. */
export function textToCells(text: string): string[][] {
  const lines: string[][] = [];
  let line: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"' && cell === '') quoted = true;
    else if (char === '\t') {
      line.push(cell);
      cell = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[i + 1] === '\n') i++;
      line.push(cell);
      lines.push(line);
      [line, cell] = [[], ''];
    } else cell += char;
  }
  if (cell !== '' || line.length) lines.push([...line, cell]);
  return lines;
}
