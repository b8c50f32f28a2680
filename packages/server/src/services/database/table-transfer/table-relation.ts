/** The table an export or an import names, from the data API's schema cache (read again once if it is not there yet). */
import { TABLE_TRANSFER_MESSAGES } from '@basin/core';
import type { PlatformContext } from '../../../kernel/context.ts';
import { HttpError } from '../../../kernel/errors.ts';
import { reloadOnMiss, schemaCache } from '../../../rest/schema-cache.ts';
import { type CachedRelation, qualifiedName, type SchemaCache } from '../../../rest/types.ts';
import type { ProjectRow } from '../../../store/projects.ts';

export async function findTable(
  ctx: PlatformContext,
  project: ProjectRow,
  schema: string,
  table: string,
): Promise<{ cache: SchemaCache; relation: CachedRelation | undefined }> {
  const key = qualifiedName(schema, table);
  let cache = await schemaCache(ctx, project);
  if (!cache.relations.has(key)) cache = await reloadOnMiss(ctx, project);
  return { cache, relation: cache.relations.get(key) };
}

export function requireTable(relation: CachedRelation | undefined, schema: string, table: string): CachedRelation {
  if (!relation) throw noTable(schema, table);
  return relation;
}

export const noTable = (schema: string, table: string) => new HttpError(404, TABLE_TRANSFER_MESSAGES.noTable(schema, table));
