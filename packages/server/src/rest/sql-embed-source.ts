/**
 * Where an embed's rows come from and how they hang from their parent's row: the target read
 * with the foreign key's (or the junction's) columns equal to the parent's, or the rows a computed
 * relationship's function returns for the parent's row.
 */
import { type KeyRelationship, type Relationship, resolveEmbed } from './relationships.ts';
import { fieldName, ident, qualified } from './sql-fragment.ts';
import type { CachedRelation, SchemaCache, SelectItem } from './types.ts';

export interface EmbedSource {
  from: string;
  /** The conditions on the embedded rows read as `alias`. */
  where: (alias: string) => string[];
}

export function embedSource(relationship: Relationship, parent: CachedRelation, parentAlias: string): EmbedSource {
  if ('computed' in relationship) {
    const fn = relationship.computed;
    // Cast to the parent's row type: the rows a write returned are records, and overloads are chosen by type.
    const row = `${ident(parentAlias)}::${qualified(parent.schema, parent.name)}`;
    return { from: `${qualified(fn.schema, fn.name)}(${row})`, where: () => [] };
  }
  const { target } = relationship;
  return { from: qualified(target.schema, target.name), where: (alias) => hangWhere(relationship, alias, parentAlias) };
}

function hangWhere(relationship: KeyRelationship, alias: string, parentAlias: string): string[] {
  const pairs = (left: string, leftColumns: string[], right: string, rightColumns: string[]) =>
    leftColumns.map((column, i) => `${ident(left)}.${ident(column)} = ${ident(right)}.${ident(rightColumns[i]!)}`);
  if (relationship.kind !== 'many-to-many') return pairs(alias, relationship.targetColumns, parentAlias, relationship.parentColumns);
  const { junction, toParent, toTarget } = relationship;
  const j = `${alias}_j`;
  const conditions = [
    ...pairs(j, toTarget.from.columns, alias, toTarget.to.columns),
    ...pairs(j, toParent.from.columns, parentAlias, toParent.to.columns),
  ];
  return [`exists (select 1 from ${qualified(junction.schema, junction.name)} as ${ident(j)} where ${conditions.join(' and ')})`];
}

/** The keys of the rows a level of `items` answers, in order (a spread's own keys in its place). */
export function levelKeys(cache: SchemaCache, relation: CachedRelation, items: SelectItem[]): string[] {
  return items.flatMap((item) => {
    if (item.kind === 'star') return relation.columns.map((column) => column.name);
    if (item.kind === 'field') return [item.aggregate ? (item.alias ?? item.aggregate) : fieldName(item.field, item.alias)];
    if (item.spread) return levelKeys(cache, resolveEmbed(cache, relation, item).target, item.select);
    return item.select.length ? [item.alias ?? item.relation] : [];
  });
}
