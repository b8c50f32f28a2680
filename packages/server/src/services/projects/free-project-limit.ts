import { FREE_PROJECT_LIMIT, LIFECYCLE_MESSAGES } from '@basin/core';
import type { MemberAtFreeProjectLimit } from '@basin/core/schemas';
import { badRequest } from '../../kernel/errors.ts';
import { membersAtFreeProjectLimit } from '../../store/free-project-limit.ts';
import type { OrganizationRow } from '../../store/organizations.ts';
import { requireOrganization, requirePermission } from '../organizations/access.ts';
import type { PlatformContext } from '../../kernel/context.ts';

/** Members of a free organization who could not have one more active project; none on paid plans. */
async function atLimit(ctx: PlatformContext, org: OrganizationRow): Promise<MemberAtFreeProjectLimit[]> {
  if (org.plan_id !== 'free') return [];
  const members = await membersAtFreeProjectLimit(ctx.db, org.id, FREE_PROJECT_LIMIT);
  return members.map((member) => ({ ...member, free_project_limit: FREE_PROJECT_LIMIT }));
}

export async function membersReachedFreeProjectLimit(
  ctx: PlatformContext,
  slug: string,
  userId: string,
): Promise<MemberAtFreeProjectLimit[]> {
  const org = await requireOrganization(ctx.db, slug, userId);
  requirePermission(org.role, 'members:read');
  return atLimit(ctx, org);
}

/** 400 naming the members when restoring a project of `org` would take one of them over the limit. */
export async function checkFreeProjectLimit(ctx: PlatformContext, org: OrganizationRow): Promise<void> {
  const members = await atLimit(ctx, org);
  if (members.length) {
    throw badRequest(
      LIFECYCLE_MESSAGES.freeProjectLimitReached(
        FREE_PROJECT_LIMIT,
        members.map((m) => m.username || m.primary_email),
      ),
    );
  }
}
