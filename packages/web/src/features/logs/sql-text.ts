/** Reading a log query's text without a parser: enough to name its source and order its columns. */
import { LOG_SOURCES, type LogSourceName } from '@basin/core';

/** The query's text without comments and string literals, so words inside them never count. */
export function codeOnly(sql: string): string {
  return sql
    .replace(/--[^\n]*/g, ' ')
    .replace(/\/\*[\s\S]*?\*\//g, ' ')
    .replace(/'(?:[^']|'')*'/g, "''")
    .replace(/\$\$[\s\S]*?\$\$/g, "''");
}

/** The text between the first SELECT and the FROM after it (the whole rest when there is none). */
function selectList(sql: string): string {
  const code = codeOnly(sql);
  const select = /\bselect\b/i.exec(code);
  if (!select) return '';
  const rest = code.slice(select.index + select[0].length);
  const from = /\bfrom\b/i.exec(rest);
  return from ? rest.slice(0, from.index) : rest;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The result's columns in the order a reader expects. The store answers rows as jsonb, whose keys
 * come sorted by length, not as selected: so columns named in the SELECT list come in that order,
 * then the source's columns in its catalogue's order (for `select *`), then the rest as answered.
 */
export function orderColumns(keys: readonly string[], sql: string, source: LogSourceName | null): string[] {
  const list = selectList(sql);
  const catalogue = LOG_SOURCES.find((item) => item.name === source)?.columns.map((column) => column.name) ?? [];
  const rank = (key: string, index: number): [number, number, number] => {
    const named = new RegExp(`(^|[^\\w$"])"?${escapeRegExp(key)}"?(?![\\w$])`, 'i').exec(list);
    if (named) return [0, named.index, index];
    const listed = catalogue.indexOf(key);
    if (listed >= 0) return [1, listed, index];
    return [2, 0, index];
  };
  return keys
    .map((key, index) => ({ key, rank: rank(key, index) }))
    .sort((a, b) => a.rank[0] - b.rank[0] || a.rank[1] - b.rank[1] || a.rank[2] - b.rank[2])
    .map(({ key }) => key);
}
