/**
 * A read as one statement: each level of the select tree is a subquery of its relation with its
 * own filters, order and limit; embeds are lateral joins that aggregate their rows to JSON inside
 * Postgres (to-many as an array, to-one as an object or null, spread as the embedded columns),
 * so the database answers the whole body as one JSON text and nothing is fetched twice.
 */
import { RestError } from './errors.ts';
import { resolveEmbed } from './relationships.ts';
import { embedSource, type EmbedSource, levelKeys } from './sql-embed-source.ts';
import { whereSql } from './sql-filters.ts';
import { castType, computedColumn, fieldName, fieldSql, ident, Params } from './sql-fragment.ts';
import type {
  AggregateFunction,
  CachedRelation,
  Condition,
  OrderTerm,
  QueryParams,
  SchemaCache,
  SelectEmbed,
  SelectField,
  SelectItem,
} from './types.ts';

export type RowsAs = 'json' | 'json-stripped' | 'csv';

/**
 * The body of the rows of `pgrst_rows` as text. CSV as PostgREST writes it: the keys of the first
 * row, then each row as its record's text without the parentheses (values with commas, quotes or
 * spaces quoted, quotes doubled).
 */
const ROWS_AS: Record<RowsAs, string> = {
  json: `coalesce(json_agg(pgrst_rows), '[]')::text`,
  'json-stripped': `coalesce(json_strip_nulls(json_agg(pgrst_rows)), '[]')::text`,
  csv: `coalesce((select string_agg(key, ',') from json_object_keys((array_agg(row_to_json(pgrst_rows)))[1]) as key), '')
    || chr(10) || coalesce(string_agg(substring(pgrst_rows::text, 2, length(pgrst_rows::text) - 2), chr(10)), '')`,
};

export interface ReadShape {
  cache: SchemaCache;
  query: QueryParams;
  /** The most rows the root may answer (the project's max_rows). */
  maxRows?: number;
  /** A write already applied the root's conditions and chose its rows: the read only shapes them. */
  rootChosen?: boolean;
  /** How the rows are written: JSON (the default), JSON without the keys whose value is null, or CSV. */
  rowsAs?: RowsAs;
  /** The project enables aggregate functions in `select` (PostgREST's db-aggregates-enabled); else PGRST123. */
  aggregates?: boolean;
}

const samePath = (a: string[], b: string[]) => a.length === b.length && a.every((part, i) => part === b[i]);

export class SelectBuilder {
  readonly params = new Params();
  #aliases = 0;
  /** The paths of the levels built so far, as JSON. */
  #levels = new Set<string>();

  constructor(readonly shape: ReadShape) {}

  alias(): string {
    return `pgrst_${this.#aliases++}`;
  }

  #scoped<T>(list: { path: string[]; value: T }[], path: string[]): T[] {
    return list.filter((entry) => samePath(entry.path, path)).map((entry) => entry.value);
  }

  /**
   * The SELECT of one level: `relation` read from `from` (a table, or the rows a write returned),
   * restricted by `joinWhere` (how it hangs from its parent), with the level's own conditions,
   * order and page unless `unpaged` (a count reads every row the page comes from).
   */
  level(
    relation: CachedRelation,
    from: string,
    items: SelectItem[],
    path: string[],
    joinWhere: (alias: string) => string[],
    unpaged = false,
  ): string {
    const alias = this.alias();
    this.#levels.add(JSON.stringify(path));
    const columns: string[] = [];
    const joins: string[] = [];
    const embeds = new Map<string, string>();
    // With an aggregate, the level's other values are what its rows are grouped by (as in PostgREST).
    const aggregated = items.some(
      (item) => (item.kind === 'field' && this.#aggregateOf(relation, item)) || (item.kind === 'embed' && this.#hoists(relation, item)),
    );
    const groupBy: string[] = [];
    for (const item of items) {
      if (item.kind === 'star') {
        columns.push(`${ident(alias)}.*`);
        groupBy.push(...relation.columns.map((column) => `${ident(alias)}.${ident(column.name)}`));
      } else if (item.kind === 'field') {
        // A row's mark, for a count hoisted from a spread (see #spread).
        if (item.field.column === '*' && !item.aggregate) {
          columns.push(`true as ${ident(fieldName(item.field, item.alias))}`);
          continue;
        }
        const aggregate = this.#aggregateOf(relation, item);
        if (aggregate) {
          columns.push(this.#aggregateSql(alias, relation, item, aggregate));
          continue;
        }
        this.#requireColumn(relation, item.field.column);
        const sql = fieldSql({ alias, relation, cache: this.shape.cache }, item.field, this.params);
        columns.push(`${item.cast ? `(${sql})::${castType(item.cast)}` : sql} as ${ident(fieldName(item.field, item.alias))}`);
        groupBy.push(sql);
      } else {
        const name = item.alias ?? item.relation;
        const embed = this.#embed(relation, alias, item, [...path, name], aggregated);
        joins.push(embed.join);
        columns.push(...embed.columns);
        groupBy.push(...embed.groupBy);
        if (embed.present) embeds.set(name, embed.present);
      }
    }
    const chosen = unpaged || (path.length === 0 && this.shape.rootChosen);
    const conditions: Condition[] = path.length === 0 && this.shape.rootChosen ? [] : this.#scoped(this.shape.query.conditions, path);
    const where = [
      ...joinWhere(alias),
      ...(conditions.length ? [whereSql({ alias, relation, cache: this.shape.cache, embeds }, conditions, this.params)] : []),
    ];
    const order = chosen ? [] : this.#scoped(this.shape.query.order, path).flat();
    const page = chosen ? '' : this.#page(path);
    return [
      `select ${columns.join(', ')}`,
      `from ${from} as ${ident(alias)}`,
      ...joins,
      where.length ? `where ${where.join(' and ')}` : '',
      aggregated && groupBy.length ? `group by ${groupBy.join(', ')}` : '',
      order.length ? `order by ${order.map((term) => this.#orderSql(alias, relation, items, term)).join(', ')}` : '',
      page,
    ]
      .filter(Boolean)
      .join(' ');
  }

  #page(path: string[]): string {
    const limits = this.#scoped(this.shape.query.limit, path);
    const offsets = this.#scoped(this.shape.query.offset, path);
    let limit = limits.at(-1);
    if (path.length === 0 && this.shape.maxRows !== undefined) limit = Math.min(limit ?? this.shape.maxRows, this.shape.maxRows);
    const offset = offsets.at(-1);
    return [limit === undefined ? '' : `limit ${limit}`, offset ? `offset ${offset}` : ''].filter(Boolean).join(' ');
  }

  #orderSql(alias: string, relation: CachedRelation, items: SelectItem[], term: OrderTerm): string {
    const direction = term.direction ? ` ${term.direction}` : '';
    const nulls = term.nulls ? ` nulls ${term.nulls}` : '';
    return `${term.relation ? this.#embeddedValue(alias, relation, items, term) : this.#ownValue(alias, relation, term)}${direction}${nulls}`;
  }

  #ownValue(alias: string, relation: CachedRelation, term: OrderTerm): string {
    this.#requireColumn(relation, term.field.column);
    return fieldSql({ alias, relation, cache: this.shape.cache }, term.field, this.params);
  }

  /** `order=embed(column)`: the value of a to-one embed of this level, read beside the row. */
  #embeddedValue(alias: string, relation: CachedRelation, items: SelectItem[], term: OrderTerm): string {
    const embed = items.find((item): item is SelectEmbed => item.kind === 'embed' && (item.alias ?? item.relation) === term.relation);
    const relationship = embed && resolveEmbed(this.shape.cache, relation, embed);
    if (!relationship || relationship.kind !== 'to-one') {
      throw new RestError(
        400,
        'PGRST118',
        `A related order on '${term.relation}' is not possible`,
        `'${relation.name}' and '${term.relation}' do not form a many-to-one or one-to-one relationship`,
      );
    }
    const sub = this.alias();
    const value = this.#ownValue(sub, relationship.target, term);
    const source = embedSource(relationship, relation, alias);
    const where = source.where(sub);
    return `(select ${value} from ${source.from} as ${ident(sub)}${where.length ? ` where ${where.join(' and ')}` : ''} limit 1)`;
  }

  /**
   * The aggregate a field applies: its own (`amount.sum()`, `count()`), or a count for a bare
   * `count` on a relation without such a column (PostgREST's older `actors(count)`). Refused with
   * PGRST123 unless the project enables aggregates.
   */
  #aggregateOf(relation: CachedRelation, item: SelectField): AggregateFunction | undefined {
    const { field } = item;
    const bareCount =
      !item.aggregate &&
      field.column === 'count' &&
      !field.json.length &&
      !item.cast &&
      !relation.columns.some((c) => c.name === 'count') &&
      !computedColumn(this.shape.cache, relation, 'count');
    const aggregate = item.aggregate ?? (bareCount ? 'count' : undefined);
    if (aggregate && !this.shape.aggregates) throw new RestError(400, 'PGRST123', 'Use of aggregate functions is not allowed');
    return aggregate;
  }

  /** `fn(value::cast)::cast as alias`, named after the function unless aliased; a count of rows counts `*`. */
  #aggregateSql(alias: string, relation: CachedRelation, item: SelectField, aggregate: AggregateFunction): string {
    let input = '*';
    if (item.aggregate && item.field.column !== '*') {
      this.#requireColumn(relation, item.field.column);
      const sql = fieldSql({ alias, relation, cache: this.shape.cache }, item.field, this.params);
      input = item.cast ? `(${sql})::${castType(item.cast)}` : sql;
    }
    const value = `${aggregate}(${input})`;
    const output = item.aggregateCast ? `(${value})::${castType(item.aggregateCast)}` : value;
    return `${output} as ${ident(item.alias ?? aggregate)}`;
  }

  /** A to-one spread whose own items aggregate: its aggregates are taken over the parent's groups (as PostgREST hoists them). */
  #hoists(relation: CachedRelation, embed: SelectEmbed): boolean {
    if (!embed.spread) return false;
    // A to-many spread aggregates over its own rows.
    const { kind, target } = resolveEmbed(this.shape.cache, relation, embed);
    return kind === 'to-one' && embed.select.some((item) => item.kind === 'field' && this.#aggregateOf(target, item));
  }

  /**
   * A to-one spread read by a level that aggregates: its lateral row holds the spread's plain values
   * and its aggregates' inputs (or a mark per row for a count), and the parent names each column,
   * grouping by the values and aggregating the inputs.
   */
  #spread(target: CachedRelation, embed: SelectEmbed, path: string[], joined: string, source: EmbedSource) {
    const inner: SelectItem[] = [];
    const columns: string[] = [];
    const groupBy: string[] = [];
    const column = (name: string) => `${ident(joined)}.${ident(name)}`;
    for (const item of embed.select) {
      if (item.kind === 'star') {
        inner.push(item);
        const values = target.columns.map((c) => column(c.name));
        columns.push(...values);
        groupBy.push(...values);
      } else if (item.kind === 'field') {
        const aggregate = this.#aggregateOf(target, item);
        if (!aggregate) {
          inner.push(item);
          columns.push(column(fieldName(item.field, item.alias)));
          groupBy.push(column(fieldName(item.field, item.alias)));
          continue;
        }
        const hidden = this.alias();
        const countsRows = !item.aggregate || item.field.column === '*';
        inner.push(
          countsRows
            ? { kind: 'field', field: { column: '*', json: [] }, alias: hidden }
            : { kind: 'field', field: item.field, alias: hidden, ...(item.cast !== undefined && { cast: item.cast }) },
        );
        const value = `${aggregate}(${column(hidden)})`;
        columns.push(`${item.aggregateCast ? `(${value})::${castType(item.aggregateCast)}` : value} as ${ident(item.alias ?? aggregate)}`);
      } else if (item.spread) {
        throw new RestError(
          400,
          'PGRST123',
          'Use of aggregate functions is not allowed',
          'Basin does not yet aggregate over nested spreads',
        );
      } else {
        inner.push(item);
        if (!item.select.length) continue;
        const value = `(${column(item.alias ?? item.relation)})::jsonb`;
        columns.push(`${value} as ${ident(item.alias ?? item.relation)}`);
        groupBy.push(value);
      }
    }
    return { sub: this.level(target, source.from, inner, path, source.where), columns, groupBy };
  }

  /** A spread of a to-many embed, as PostgREST 13 answers it: each of its keys an array of the rows' values. */
  #manySpread(target: CachedRelation, embed: SelectEmbed, path: string[], source: EmbedSource, joined: string, aggregated: boolean) {
    const sub = this.level(target, source.from, embed.select, path, source.where);
    const [rows, count] = [this.alias(), this.alias()];
    const keys = levelKeys(this.shape.cache, target, embed.select);
    const arrays = keys.map((key) => `, coalesce(json_agg(${ident(rows)}.${ident(key)}), '[]') as ${ident(key)}`).join('');
    const present = `${ident(joined)}.${ident(count)} > 0`;
    const from = `(select count(*) as ${ident(count)}${arrays} from (${sub}) as ${ident(rows)})`;
    const join = `${embed.inner ? 'inner' : 'left'} join lateral ${from} as ${ident(joined)} on ${embed.inner ? present : 'true'}`;
    const values = keys.map((key) => (aggregated ? `(${ident(joined)}.${ident(key)})::jsonb` : `${ident(joined)}.${ident(key)}`));
    return { join, columns: values.map((value, i) => `${value} as ${ident(keys[i]!)}`), groupBy: aggregated ? values : [], present };
  }

  #requireColumn(relation: CachedRelation, column: string): void {
    if (!relation.columns.some((c) => c.name === column) && !computedColumn(this.shape.cache, relation, column)) {
      throw new RestError(400, '42703', `column ${relation.name}.${column} does not exist`);
    }
  }

  /**
   * `order by … limit … offset …` of the root for a write that `limit` or `offset` bounds
   * (PostgREST's limited update and delete); empty when neither is given.
   */
  rootWindow(alias: string, relation: CachedRelation): string {
    const { limit, offset, order } = this.shape.query;
    if (!this.#scoped(limit, []).length && !this.#scoped(offset, []).length) return '';
    const terms = this.#scoped(order, []).flat();
    const orderBy = terms.length ? `order by ${terms.map((term) => this.#orderSql(alias, relation, [], term)).join(', ')}` : '';
    return [orderBy, this.#page([])].filter(Boolean).join(' ');
  }

  /** PGRST108 for a filter, order or page on an embed the select does not name. */
  requireEmbedded(): void {
    const { conditions, order, limit, offset } = this.shape.query;
    const missing = [...conditions, ...order, ...limit, ...offset].find(({ path }) => !this.#levels.has(JSON.stringify(path)));
    if (!missing) return;
    const name = missing.path.join('.');
    throw new RestError(
      400,
      'PGRST108',
      `'${name}' is not an embedded resource in this request`,
      null,
      `Verify that '${name}' is included in the 'select' query parameter.`,
    );
  }

  /**
   * The lateral join of an embed, the column it answers (none for an empty embed such as
   * `actors()`, which only filters) and the SQL that is true when it has rows.
   */
  #embed(
    parent: CachedRelation,
    parentAlias: string,
    embed: SelectEmbed,
    path: string[],
    aggregated: boolean,
  ): { join: string; columns: string[]; groupBy: string[]; present?: string } {
    const relationship = resolveEmbed(this.shape.cache, parent, embed);
    const target = relationship.target;
    const source = embedSource(relationship, parent, parentAlias);
    const joined = this.alias();
    const toOne = relationship.kind === 'to-one';
    const inner = embed.inner ? 'inner' : 'left';
    if (embed.spread) {
      if (!toOne) return this.#manySpread(target, embed, path, source, joined, aggregated);
      if (aggregated) {
        const spread = this.#spread(target, embed, path, joined, source);
        return {
          join: `${inner} join lateral (${spread.sub}) as ${ident(joined)} on true`,
          columns: spread.columns,
          groupBy: spread.groupBy,
        };
      }
      const sub = this.level(target, source.from, embed.select, path, source.where);
      return { join: `${inner} join lateral (${sub}) as ${ident(joined)} on true`, columns: [`${ident(joined)}.*`], groupBy: [] };
    }
    const sub = this.level(target, source.from, embed.select, path, source.where);
    const rows = this.alias();
    const name = ident(embed.alias ?? embed.relation);
    // json has no equality: an embedded value a group is keyed by is read as jsonb.
    const value = aggregated ? `(${ident(joined)}.v)::jsonb` : `${ident(joined)}.v`;
    const columns = embed.select.length ? [`${value} as ${name}`] : [];
    const groupBy = embed.select.length && aggregated ? [value] : [];
    if (toOne) {
      const join = `${inner} join lateral (select row_to_json(${ident(rows)}) as v from (${sub}) as ${ident(rows)} limit 1) as ${ident(joined)} on true`;
      return { join, columns, groupBy, present: `${ident(joined)}.v is not null` };
    }
    const present = `json_array_length(${ident(joined)}.v) > 0`;
    const join = `${inner} join lateral (select coalesce(json_agg(${ident(rows)}), '[]') as v from (${sub}) as ${ident(rows)}) as ${ident(joined)} on ${embed.inner ? present : 'true'}`;
    return { join, columns, groupBy, present };
  }
}

/** Every row the root's page is taken from (its filters and inner embeds, no page): what a count counts. */
export const countedRows = (builder: SelectBuilder, relation: CachedRelation, from: string) =>
  `select 1 from (${builder.level(relation, from, builder.shape.query.select, [], () => [], true)}) as pgrst_all`;

/** The page as `{ body, page_total, total }`: body the rows as text (ReadShape's rowsAs), total only when counted exactly. */
/** `extra` adds columns to the answer's one row (e.g. how many rows an upsert inserted). */
export function readStatement(builder: SelectBuilder, relation: CachedRelation, from: string, countExact: boolean, extra = ''): string {
  const page = builder.level(relation, from, builder.shape.query.select, [], () => []);
  const total = countExact ? `(select count(*) from (${countedRows(builder, relation, from)}) as pgrst_counted)` : 'null::int8';
  builder.requireEmbedded();
  return `select ${ROWS_AS[builder.shape.rowsAs ?? 'json']} as body, count(pgrst_rows)::int8 as page_total, ${total} as total${extra} from (${page}) as pgrst_rows`;
}
