/**
 * Saved queries of the SQL editor. A snippet is private to the member who made it: others, the
 * project's Owners included, neither list nor open it (404), as with the incumbent's default
 * "personal" snippets. Saving needs `user_content.sql:create`; reading needs membership only, so
 * a member whose role was lowered to Read-only still sees what they wrote.
 */
import { SQL_EDITOR_MESSAGES } from '@basin/core';
import type { CreateSnippetBody, Snippet, UpdateSnippetBody } from '@basin/core/schemas';
import { notFound } from '../../kernel/errors.ts';
import * as store from '../../store/snippets.ts';
import { requirePermission, requireProject } from '../organizations/access.ts';
import type { PlatformContext } from '../../kernel/context.ts';

function toSnippet(row: store.SnippetRow): Snippet {
  return {
    id: row.id,
    name: row.name,
    sql: row.sql,
    owner_id: row.owner_id,
    project_id: row.project_id,
    project_ref: row.project_ref,
    inserted_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

async function requireReader(ctx: PlatformContext, ref: string, userId: string) {
  const project = await requireProject(ctx.db, ref, userId);
  requirePermission(project.role, 'projects:read');
}

async function requireWriter(ctx: PlatformContext, ref: string, userId: string) {
  const project = await requireProject(ctx.db, ref, userId);
  requirePermission(project.role, 'user_content.sql:create', SQL_EDITOR_MESSAGES.cannotSave);
}

async function requireSnippet(ctx: PlatformContext, ref: string, userId: string, id: string): Promise<Snippet> {
  const row = await store.findForOwner(ctx.db, ref, userId, id);
  if (!row) throw notFound('Snippet');
  return toSnippet(row);
}

export async function listSnippets(ctx: PlatformContext, ref: string, userId: string): Promise<Snippet[]> {
  await requireReader(ctx, ref, userId);
  return (await store.listForOwner(ctx.db, ref, userId)).map(toSnippet);
}

export async function getSnippet(ctx: PlatformContext, ref: string, userId: string, id: string): Promise<Snippet> {
  await requireReader(ctx, ref, userId);
  return requireSnippet(ctx, ref, userId, id);
}

export async function createSnippet(ctx: PlatformContext, ref: string, userId: string, body: CreateSnippetBody): Promise<Snippet> {
  await requireWriter(ctx, ref, userId);
  const id = await store.insert(ctx.db, {
    project_ref: ref,
    owner_id: userId,
    name: body.name ?? SQL_EDITOR_MESSAGES.untitled,
    sql: body.sql ?? '',
  });
  return requireSnippet(ctx, ref, userId, id);
}

export async function updateSnippet(
  ctx: PlatformContext,
  ref: string,
  userId: string,
  id: string,
  body: UpdateSnippetBody,
): Promise<Snippet> {
  await requireWriter(ctx, ref, userId);
  if (!(await store.update(ctx.db, ref, userId, id, body))) throw notFound('Snippet');
  return requireSnippet(ctx, ref, userId, id);
}

export async function deleteSnippet(ctx: PlatformContext, ref: string, userId: string, id: string): Promise<Snippet> {
  await requireWriter(ctx, ref, userId);
  const snippet = await requireSnippet(ctx, ref, userId, id);
  await store.remove(ctx.db, ref, userId, id);
  return snippet;
}
