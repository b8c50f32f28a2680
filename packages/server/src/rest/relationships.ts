/**
 * Which relationship an embed means, as PostgREST decides it from foreign keys: many-to-one
 * (the parent holds the key), one-to-many (the embedded table does), one-to-one (one-to-many
 * whose key columns are the embedded table's primary key, or many-to-one), and many-to-many
 * through a junction table whose primary key covers its keys to both sides (a table referencing
 * itself embeds its children by its name, its parent by the key's column). A hint (`!name`)
 * picks a foreign key by name, by one of its columns, or a junction table by name. A computed
 * relationship (a function of the parent's row type, types.ts) named by the embed wins over them
 * all, as in PostgREST.
 */
import { RestError } from './errors.ts';
import {
  type CachedRelation,
  type ComputedRelationship,
  type ForeignKey,
  qualifiedName,
  type SchemaCache,
  type SelectEmbed,
} from './types.ts';

export type KeyRelationship =
  | {
      kind: 'to-one' | 'to-many';
      /** As PostgREST names it from the parent's side. */
      cardinality: 'many-to-one' | 'one-to-many' | 'one-to-one';
      target: CachedRelation;
      key: ForeignKey;
      parentColumns: string[];
      targetColumns: string[];
    }
  | { kind: 'many-to-many'; target: CachedRelation; junction: CachedRelation; toParent: ForeignKey; toTarget: ForeignKey };

/** The rows of `target` that `computed(parent row)` returns. */
export interface ComputedEmbed {
  kind: 'to-one' | 'to-many';
  target: CachedRelation;
  computed: ComputedRelationship['function'];
}

export type Relationship = KeyRelationship | ComputedEmbed;

const sameSet = (a: string[], b: string[]) => a.length === b.length && a.every((column) => b.includes(column));
const covers = (all: string[], some: string[]) => some.length > 0 && some.every((column) => all.includes(column));

function computedEmbed(cache: SchemaCache, parent: CachedRelation, embed: SelectEmbed): ComputedEmbed | undefined {
  const found = cache.computedRelationships.find(
    ({ function: fn, from }) =>
      fn.name === embed.relation && fn.schema === parent.schema && from.schema === parent.schema && from.table === parent.name,
  );
  const target = found && cache.relations.get(qualifiedName(found.to.schema, found.to.table));
  return target && { kind: found.toOne ? 'to-one' : 'to-many', target, computed: found.function };
}

function candidates(cache: SchemaCache, parent: CachedRelation, embed: SelectEmbed): KeyRelationship[] {
  const found: KeyRelationship[] = [];
  const isParent = (end: ForeignKey['from']) => end.schema === parent.schema && end.table === parent.name;
  const relationOf = (end: ForeignKey['from']) => cache.relations.get(qualifiedName(end.schema, end.table));
  // A table referencing itself: its own name means the rows that reference a row (children), as in
  // PostgREST; the referenced row (parent) is named by the key's column or the key.
  const selfReference = (key: ForeignKey) => key.from.schema === key.to.schema && key.from.table === key.to.table;
  const named = (relation: CachedRelation, key: ForeignKey) =>
    (relation.name === embed.relation && !selfReference(key)) || key.name === embed.relation || key.from.columns.includes(embed.relation);

  for (const key of cache.foreignKeys) {
    if (isParent(key.from)) {
      const target = relationOf(key.to);
      const cardinality = sameSet(key.from.columns, parent.primaryKey) ? 'one-to-one' : 'many-to-one';
      if (target && named(target, key))
        found.push({ kind: 'to-one', cardinality, target, key, parentColumns: key.from.columns, targetColumns: key.to.columns });
    }
    if (isParent(key.to)) {
      const target = relationOf(key.from);
      if (target && (target.name === embed.relation || key.name === embed.relation)) {
        const toOne = sameSet(key.from.columns, target.primaryKey);
        found.push({
          kind: toOne ? 'to-one' : 'to-many',
          cardinality: toOne ? 'one-to-one' : 'one-to-many',
          target,
          key,
          parentColumns: key.to.columns,
          targetColumns: key.from.columns,
        });
      }
    }
  }
  for (const toParent of cache.foreignKeys) {
    if (!isParent(toParent.to)) continue;
    const junction = relationOf(toParent.from);
    if (!junction) continue;
    for (const toTarget of cache.foreignKeys) {
      if (toTarget.from.schema !== junction.schema || toTarget.from.table !== junction.name) continue;
      // One key seen through a view is still one key: a junction needs two.
      if (toTarget.name === toParent.name) continue;
      const target = relationOf(toTarget.to);
      if (!target || target.name !== embed.relation) continue;
      if (!covers(junction.primaryKey, [...toParent.from.columns, ...toTarget.from.columns])) continue;
      found.push({ kind: 'many-to-many', target, junction, toParent, toTarget });
    }
  }
  return found;
}

function matchesHint(relationship: KeyRelationship, hint: string): boolean {
  if (relationship.kind === 'many-to-many') {
    const { junction, toParent, toTarget } = relationship;
    return junction.name === hint || toParent.name === hint || toTarget.name === hint;
  }
  const { key } = relationship;
  return key.name === hint || key.from.columns.includes(hint) || key.to.columns.includes(hint);
}

const columnList = (columns: string[]) => `(${columns.join(', ')})`;

/** How PostgREST names a candidate in PGRST201's details: `billing using orders(billing_address_id) and addresses(id)`. */
function describe(relationship: KeyRelationship, parent: CachedRelation) {
  const embedding = `${parent.name} with ${relationship.target.name}`;
  if (relationship.kind === 'many-to-many') {
    const { junction, toParent, toTarget } = relationship;
    return {
      cardinality: 'many-to-many',
      embedding,
      relationship: `${junction.name} using ${toParent.name}${columnList(toParent.from.columns)} and ${toTarget.name}${columnList(toTarget.from.columns)}`,
      hint: `${relationship.target.name}!${junction.name}`,
    };
  }
  const { key, target, parentColumns, targetColumns } = relationship;
  return {
    cardinality: relationship.cardinality,
    embedding,
    relationship: `${key.name} using ${parent.name}${columnList(parentColumns)} and ${target.name}${columnList(targetColumns)}`,
    hint: `${target.name}!${key.name}`,
  };
}

/** The one relationship `embed` names from `parent`; PGRST200 when there is none, PGRST201 when several fit. */
export function resolveEmbed(cache: SchemaCache, parent: CachedRelation, embed: SelectEmbed): Relationship {
  // A hint names a foreign key or a junction, which a function is not.
  const computed = embed.hint ? undefined : computedEmbed(cache, parent, embed);
  if (computed) return computed;
  const all = candidates(cache, parent, embed);
  const fitting = embed.hint ? all.filter((relationship) => matchesHint(relationship, embed.hint!)) : all;
  if (fitting.length === 1) return fitting[0]!;
  if (fitting.length === 0) {
    throw new RestError(
      400,
      'PGRST200',
      `Could not find a relationship between '${parent.name}' and '${embed.relation}' in the schema cache`,
      `Searched for a foreign key relationship between '${parent.name}' and '${embed.relation}'${embed.hint ? ` using the hint '${embed.hint}'` : ''} in the schema '${parent.schema}', but no matches were found.`,
      null,
    );
  }
  const described = fitting.map((relationship) => describe(relationship, parent));
  throw new RestError(
    300,
    'PGRST201',
    `Could not embed because more than one relationship was found for '${parent.name}' and '${embed.relation}'`,
    described.map(({ cardinality, embedding, relationship }) => ({ cardinality, embedding, relationship })),
    `Try changing '${embed.relation}' to one of the following: ${described.map((d) => `'${d.hint}'`).join(', ')}. Find the desired relationship in the 'details' key.`,
  );
}
