import type { PgFunction, PgMaterializedView, PgTable, PgType, PgView } from '@basin/core/schemas';
import type { CatalogPair } from './catalog-pool.ts';
import { listFunctions } from './functions.ts';
import { everything } from './list-filter.ts';
import { readColumns, readRelationLists, type PgForeignTable, type SnapshotColumn } from './relations.ts';
import { typeNames, type TypeName } from './type-names.ts';
import { listTypes } from './types.ts';

/** A relation with its columns read (and their declared types). */
export type WithColumns<T extends { columns?: unknown }> = Omit<T, 'columns'> & { columns: SnapshotColumn[] };

/** Everything the generators read about some schemas: seven catalog queries, whatever the size. */
export interface SchemaSnapshot {
  schemas: string[];
  tables: WithColumns<PgTable>[];
  views: WithColumns<PgView>[];
  materializedViews: WithColumns<PgMaterializedView>[];
  foreignTables: WithColumns<PgForeignTable>[];
  functions: PgFunction[];
  types: PgType[];
  /** Every type a column, argument, return or attribute names. */
  typeNames: Map<number, TypeName>;
}

/**
 * The columns, the biggest read, come from the second session while the first reads the rest
 * (one query at a time per session).
 */
export async function readSchemaSnapshot([first, second]: CatalogPair, schemas: string[]): Promise<SchemaSnapshot> {
  const filter = everything(schemas);
  const readTheRest = async () => ({
    relations: await readRelationLists(first, schemas),
    functions: (await listFunctions(first, filter)).rows,
    types: (await listTypes(first, filter)).rows,
  });
  const [{ relations, functions, types }, columns] = await Promise.all([readTheRest(), readColumns(second, schemas)]);
  const withColumns = <T extends { id: number; columns?: unknown }>(relation: T): WithColumns<T> => ({
    ...relation,
    columns: columns.get(relation.id) ?? [],
  });
  const tables = relations.tables.map(withColumns);
  const views = relations.views.map(withColumns);
  const materializedViews = relations.materializedViews.map(withColumns);
  const foreignTables = relations.foreignTables.map(withColumns);

  const ids = new Set<number>();
  for (const relation of [...tables, ...views, ...materializedViews, ...foreignTables])
    for (const column of relation.columns) ids.add(column.type_id);
  for (const fn of functions) {
    ids.add(fn.return_type_id);
    for (const arg of fn.args) ids.add(arg.type_id);
  }
  for (const type of types) for (const attribute of type.attributes) ids.add(attribute.type_id);
  return { schemas, tables, views, materializedViews, foreignTables, functions, types, typeNames: await typeNames(first, ids) };
}
