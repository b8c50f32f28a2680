/**
 * The PostgREST protocol inside Basin (`/rest/v1` of the project gateway): what a request says
 * once parsed (query-params.ts, prefer.ts), and what the schema cache knows of the database
 * (schema-cache.ts). The SQL builder turns the one and the other into a single statement.
 */
import type { HeaderReader } from '../kernel/headers.ts';

/**
 * What the data API reads of a request: a web Request has it all, and so does the gateway's read
 * straight from node:http (whose body is empty, as a GET's is).
 */
export interface RestRequest {
  method: string;
  /** Absolute, its path that of the project's API (`/rest/v1/...`). */
  url: string;
  headers: HeaderReader;
  text(): Promise<string>;
  arrayBuffer(): Promise<ArrayBuffer>;
}

/** A column, with a JSON path into it when there is one: `data->a->>b`. */
export interface FieldPath {
  column: string;
  /** Steps in order; `->>` only ever last. A key that is an integer (`0`, `-1`) is an array index. */
  json: JsonStep[];
}

export interface JsonStep {
  arrow: '->' | '->>';
  key: string;
}

/** One item of `select=`. */
export type SelectItem = SelectStar | SelectField | SelectEmbed;

export interface SelectStar {
  kind: 'star';
}

/** PostgREST's aggregate functions in `select` (on when the project enables them). */
export type AggregateFunction = 'count' | 'sum' | 'avg' | 'max' | 'min';

/**
 * `alias:column->path::cast`, or with an aggregate `alias:column->path::cast.sum()::cast`
 * (`cast` is then the input's, `aggregateCast` the result's). `count()` counts rows: its field is `*`.
 */
export interface SelectField {
  kind: 'field';
  field: FieldPath;
  alias?: string;
  cast?: string;
  aggregate?: AggregateFunction;
  aggregateCast?: string;
}

/** `alias:relation!hint!inner(select)`, or `...relation(select)` (spread). */
export interface SelectEmbed {
  kind: 'embed';
  /** A table or view name, or the name of a foreign key or column when used to disambiguate. */
  relation: string;
  alias?: string;
  /** `!fk_name` or `!column` */
  hint?: string;
  /** `!inner`: parent rows without a match are dropped; `!left` (the default) keeps them. */
  inner: boolean;
  /** `...relation(cols)`: the embedded columns join the parent's object (to-one only). */
  spread: boolean;
  select: SelectItem[];
}

export const FILTER_OPERATORS = [
  'eq',
  'neq',
  'gt',
  'gte',
  'lt',
  'lte',
  'like',
  'ilike',
  'match',
  'imatch',
  'in',
  'is',
  'isdistinct',
  'fts',
  'plfts',
  'phfts',
  'wfts',
  'cs',
  'cd',
  'ov',
  'sl',
  'sr',
  'nxl',
  'nxr',
  'adj',
] as const;
export type FilterOperator = (typeof FILTER_OPERATORS)[number];

/** `column=not.op(modifier).value` */
export interface Filter {
  kind: 'filter';
  field: FieldPath;
  negated: boolean;
  operator: FilterOperator;
  /** `eq(any).{a,b}` / `like(all).{…}` */
  quantifier?: 'any' | 'all';
  /** The text search configuration of fts operators: `fts(english).word`. */
  language?: string;
  /**
   * The operand as sent: a string, or a list for `in.(a,b)` and quantified operators. For `is`,
   * one of null, not_null, true, false, unknown.
   */
  value: string | string[];
}

/** `or=(a.eq.1,and(b.gt.2,c.lt.3))`, `not.and=(…)` */
export interface LogicTree {
  kind: 'logic';
  operator: 'and' | 'or';
  negated: boolean;
  conditions: Condition[];
}

export type Condition = Filter | LogicTree;

/** `column->path.desc.nullslast` */
export interface OrderTerm {
  /** `clients(name)`: a column of a to-one embed (named or aliased) orders the parent's rows. */
  relation?: string;
  field: FieldPath;
  direction?: 'asc' | 'desc';
  nulls?: 'first' | 'last';
}

/**
 * Something that applies to one level of the select tree: `[]` is the root, `['films']` the
 * embed named (or aliased) films, `['films', 'actors']` one below it.
 */
export interface Scoped<T> {
  path: string[];
  value: T;
}

/** Everything a request's query string says. */
export interface QueryParams {
  /** `*` when there is no `select=`. */
  select: SelectItem[];
  /** Filters and logic trees; several on one path are joined with AND. */
  conditions: Scoped<Condition>[];
  order: Scoped<OrderTerm[]>[];
  limit: Scoped<number>[];
  offset: Scoped<number>[];
  /** `columns=a,b` of an insert or upsert. */
  columns?: string[];
  /** `on_conflict=a,b` of an upsert. */
  onConflict?: string[];
  /** Arguments of a GET /rpc/{fn}: each name's values in order (several for a variadic argument). */
  args: Map<string, string[]>;
}

/** The `Prefer` header. */
export interface Preferences {
  return?: 'minimal' | 'headers-only' | 'representation';
  count?: 'exact' | 'planned' | 'estimated';
  resolution?: 'merge-duplicates' | 'ignore-duplicates';
  missing?: 'default' | 'null';
  tx?: 'commit' | 'rollback';
  handling?: 'lenient' | 'strict';
  /** `max-affected=n` (with handling=strict). */
  maxAffected?: number;
  /** `timezone=America/Los_Angeles`: the session's time zone for the request, when Postgres knows it. */
  timezone?: string;
}

/* --- The schema cache: what the catalog says, per project, reloaded on DDL. --- */

export interface CachedColumn {
  name: string;
  /** As format_type prints it: `integer`, `text[]`, `public.mood`, `character varying(20)`. */
  type: string;
  nullable: boolean;
  hasDefault: boolean;
  generated: boolean;
}

export interface CachedRelation {
  schema: string;
  name: string;
  kind: 'table' | 'view' | 'materialized_view' | 'foreign_table';
  /** In ordinal order. */
  columns: CachedColumn[];
  primaryKey: string[];
  /** The relation's comment, where `@graphql(...)` directives live (graphql/directives.ts). */
  comment?: string;
}

/** A foreign key: `from.columns` reference `to.columns`, pairwise. */
export interface ForeignKey {
  name: string;
  from: { schema: string; table: string; columns: string[] };
  to: { schema: string; table: string; columns: string[] };
}

/**
 * A function of one argument of a relation's row type returning rows of a relation: embedded
 * from `from` by its name (PostgREST's computed relationship).
 */
export interface ComputedRelationship {
  function: { schema: string; name: string };
  from: { schema: string; table: string };
  to: { schema: string; table: string };
  toOne: boolean;
}

export interface CachedFunctionArg {
  name: string;
  type: string;
  hasDefault: boolean;
  /** Only in, inout and variadic arguments are listed. */
  variadic: boolean;
}

export interface CachedFunction {
  schema: string;
  name: string;
  args: CachedFunctionArg[];
  /** As format_type prints it. */
  returnType: string;
  returnsSet: boolean;
  /** The table or view (or composite type) whose rows it returns, when it does. */
  returnsRelation?: { schema: string; name: string };
  /** A composite result (a row type, RETURNS TABLE or OUT parameters) rather than a scalar. */
  returnsComposite: boolean;
  /** The columns of a RETURNS TABLE or OUT-parameter result (a row type's are its relation's). */
  resultColumns: CachedColumn[];
  volatility: 'immutable' | 'stable' | 'volatile';
}

export interface SchemaCache {
  /** The exposed schemas, the first being the default. */
  schemas: string[];
  /** By `schema.name`. */
  relations: Map<string, CachedRelation>;
  foreignKeys: ForeignKey[];
  computedRelationships: ComputedRelationship[];
  /** By `schema.name`: the overloads. */
  functions: Map<string, CachedFunction[]>;
  /** Enum labels in order, by the type's name as format_type prints it (`public.mood`). */
  enums?: Map<string, string[]>;
  /** The exposed schemas' comments, by schema name. */
  schemaComments?: Map<string, string>;
}

export const qualifiedName = (schema: string, name: string) => `${schema}.${name}`;
