import type { PgFunction, PgMaterializedView, PgTable, PgType, PgView } from '@basin/core/schemas';
import type { CatalogPair } from './catalog-pool.ts';
import { listFunctions } from './functions.ts';
import { everything } from './list-filter.ts';
import { readRelations } from './relations.ts';
import { typeNames, type TypeName } from './type-names.ts';
import { listTypes } from './types.ts';

/** Everything the generators read about some schemas: six catalog queries, whatever the size. */
export interface SchemaSnapshot {
  schemas: string[];
  tables: PgTable[];
  views: PgView[];
  materializedViews: PgMaterializedView[];
  functions: PgFunction[];
  types: PgType[];
  /** Every type a column, argument, return or attribute names. */
  typeNames: Map<number, TypeName>;
}

/** The columns, the biggest read, take the second session; the rest queue on the first. */
export async function readSchemaSnapshot(pair: CatalogPair, schemas: string[]): Promise<SchemaSnapshot> {
  const [first] = pair;
  const filter = everything(schemas);
  const [{ tables, views, materializedViews }, functions, types] = await Promise.all([
    readRelations(pair, schemas),
    listFunctions(first, filter).then((page) => page.rows),
    listTypes(first, filter).then((page) => page.rows),
  ]);

  const ids = new Set<number>();
  for (const relation of [...tables, ...views, ...materializedViews]) for (const column of relation.columns ?? []) ids.add(column.type_id);
  for (const fn of functions) {
    ids.add(fn.return_type_id);
    for (const arg of fn.args) ids.add(arg.type_id);
  }
  for (const type of types) for (const attribute of type.attributes) ids.add(attribute.type_id);
  return { schemas, tables, views, materializedViews, functions, types, typeNames: await typeNames(first, ids) };
}
