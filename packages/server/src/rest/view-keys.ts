/**
 * Foreign keys through views, as PostgREST infers them: a view column that reads a table column
 * unchanged (its target entry's resorigtbl and resorigcol in the view's stored rule, pg_rewrite)
 * stands for that column, through chains of views too. A key whose columns on one side a view
 * shows all of joins that view as it joins the table.
 */
import { type ForeignKey, qualifiedName } from './types.ts';

/** A relation of the snapshot: its id (oid) and its columns by number. */
export interface RelationById {
  id: number;
  schema: string;
  name: string;
  columns: Map<number, string>;
}

/** A view's `_RETURN` rule, as pg_node_tree's text. */
export interface ViewRule {
  id: number;
  rule: string;
}

interface ColumnRef {
  relation: number;
  column: number;
}

/** Where the node or list opening at `start` closes; backslashes escape the next character in pg_node_tree's text. */
function closing(text: string, start: number): number {
  let depth = 0;
  for (let i = start; i < text.length; i++) {
    const ch = text[i];
    if (ch === '\\') i++;
    else if (ch === '{' || ch === '(') depth++;
    else if ((ch === '}' || ch === ')') && --depth === 0) return i;
  }
  return text.length;
}

/** The nodes or fields directly inside the node or list opening at `start`: each one's start. */
function* children(text: string, start: number, end: number): Generator<number> {
  for (let i = start + 1; i < end; i++) {
    const ch = text[i];
    if (ch === '\\') i++;
    else if (ch === '{' || ch === '(') {
      yield i;
      i = closing(text, i);
    } else if (ch === ':') yield i;
  }
}

const ENTRY_END = /:resno (\d+) :resname (?:\\.|\S)+ :ressortgroupref \d+ :resorigtbl (\d+) :resorigcol (\d+) :resjunk (true|false)\}$/;

/** The origin of each column of the view (by number) whose rule's top-level target list reads a relation's column. */
export function viewColumnOrigins(rule: string): Map<number, ColumnRef> {
  const origins = new Map<number, ColumnRef>();
  const query = rule.indexOf('{QUERY');
  if (query < 0) return origins;
  const queryEnd = closing(rule, query);
  let list = -1;
  for (const at of children(rule, query, queryEnd)) {
    if (rule.startsWith(':targetList (', at)) list = at + ':targetList '.length;
  }
  if (list < 0) return origins;
  const listEnd = closing(rule, list);
  for (const entry of children(rule, list, listEnd)) {
    const match = ENTRY_END.exec(rule.slice(entry, closing(rule, entry) + 1));
    if (!match || match[4] === 'true' || match[2] === '0') continue;
    origins.set(Number(match[1]), { relation: Number(match[2]), column: Number(match[3]) });
  }
  return origins;
}

/** A relation showing some of a table's columns: each table column's name in it. */
interface Side {
  schema: string;
  table: string;
  columns: Map<string, string>;
}

/** The keys `keys` give to views: from a view, to a view, or between two views. */
export function viewForeignKeys(keys: ForeignKey[], relations: RelationById[], views: ViewRule[]): ForeignKey[] {
  const byId = new Map(relations.map((relation) => [relation.id, relation]));
  const origins = new Map(views.map((view) => [view.id, viewColumnOrigins(view.rule)]));
  // A view over a view reads the first view's origin, to a table at last (views cannot loop; the bound is for safety).
  const base = (ref: ColumnRef, depth = 0): ColumnRef | undefined => {
    const next = origins.get(ref.relation)?.get(ref.column);
    if (!next) return origins.has(ref.relation) ? undefined : ref;
    return depth < 32 ? base(next, depth + 1) : undefined;
  };
  const sidesOver = new Map<string, Side[]>();
  for (const [viewId, columns] of origins) {
    const view = byId.get(viewId);
    if (!view) continue;
    const byTable = new Map<string, Side>();
    for (const [attnum, origin] of columns) {
      const found = base(origin);
      const table = found && byId.get(found.relation);
      const tableColumn = found && table?.columns.get(found.column);
      const viewColumn = view.columns.get(attnum);
      if (!table || !tableColumn || !viewColumn) continue;
      const key = qualifiedName(table.schema, table.name);
      let side = byTable.get(key);
      if (!side) byTable.set(key, (side = { schema: view.schema, table: view.name, columns: new Map() }));
      if (!side.columns.has(tableColumn)) side.columns.set(tableColumn, viewColumn);
    }
    for (const [key, side] of byTable) sidesOver.set(key, [...(sidesOver.get(key) ?? []), side]);
  }
  const viewSides = (end: ForeignKey['from']): ForeignKey['from'][] =>
    (sidesOver.get(qualifiedName(end.schema, end.table)) ?? [])
      .filter((side) => end.columns.every((column) => side.columns.has(column)))
      .map((side) => ({ schema: side.schema, table: side.table, columns: end.columns.map((column) => side.columns.get(column)!) }));
  const found: ForeignKey[] = [];
  for (const key of keys) {
    const fromViews = viewSides(key.from);
    const toViews = viewSides(key.to);
    for (const from of fromViews) found.push({ name: key.name, from, to: key.to });
    for (const to of toViews) found.push({ name: key.name, from: key.from, to });
    for (const from of fromViews) for (const to of toViews) found.push({ name: key.name, from, to });
  }
  return found;
}
