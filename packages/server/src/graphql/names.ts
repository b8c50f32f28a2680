/**
 * pg_graphql's names: SQL names as they are, or with `inflect_names` snake_case to PascalCase
 * for types and camelCase for fields. A name GraphQL cannot spell leaves its entity out.
 */
const GRAPHQL_NAME = /^[_A-Za-z][_0-9A-Za-z]*$/;

export const isGraphqlName = (name: string) => GRAPHQL_NAME.test(name) && !name.startsWith('__');

const upperFirst = (name: string) => name.charAt(0).toUpperCase() + name.slice(1);
export const lowerFirst = (name: string) => name.charAt(0).toLowerCase() + name.slice(1);

const pascal = (name: string) =>
  name
    .split('_')
    .filter(Boolean)
    .map((part) => upperFirst(part))
    .join('');

export interface Inflector {
  type(name: string): string;
  field(name: string): string;
}

export const inflector = (inflect: boolean): Inflector =>
  inflect ? { type: pascal, field: (name) => lowerFirst(pascal(name)) } : { type: (name) => name, field: (name) => name };

/** A to-one relationship's field: its one column without `_id` (`owner_id` is `owner`), else the table's name. */
export function toOneFieldName(columns: string[], table: string, names: Inflector): string {
  const [column] = columns;
  if (columns.length === 1 && column!.endsWith('_id') && column!.length > 3) return names.field(column!.slice(0, -3));
  return names.field(table);
}

export const collectionFieldName = (typeName: string) => `${lowerFirst(typeName)}Collection`;
