import { can, type Permission, type Role } from '@basin/core';
import { forbidden, notFound } from '../../kernel/errors.ts';
import type { Queryable } from '../../store/db.ts';
import * as organizations from '../../store/organizations.ts';
import * as projects from '../../store/projects.ts';

/** The organization as seen by this user; 404 when it does not exist or the user is not a member. */
export async function requireOrganization(db: Queryable, slug: string, userId: string) {
  const membership = await organizations.findForUser(db, slug, userId);
  if (!membership) throw notFound('Organization');
  return membership;
}

/** The project with the user's role in its organization; 404 for non-members. */
export async function requireProject(db: Queryable, ref: string, userId: string) {
  const project = await projects.findForUser(db, ref, userId);
  if (!project) throw notFound('Project');
  return project;
}

/** 403 with a message when the role lacks the permission. */
export function requirePermission(role: Role, permission: Permission, message?: string): void {
  if (!can(role, permission)) throw forbidden(message);
}
