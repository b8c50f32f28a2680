import type { ExitSurveyBody, ExitSurveyCreated } from '@basin/core/schemas';
import { insertExitSurvey } from '../../store/exit-surveys.ts';
import { requireOrganization, requirePermission } from '../organizations/access.ts';
import type { PlatformContext } from '../../kernel/context.ts';

/**
 * Stores an exit survey from any member of the organization. The reasons were checked against
 * the catalogue by the schema; the project is usually deleted by now, so its ref is kept as given.
 */
export async function submitExitSurvey(ctx: PlatformContext, userId: string, body: ExitSurveyBody): Promise<ExitSurveyCreated> {
  const org = await requireOrganization(ctx.db, body.orgSlug, userId);
  requirePermission(org.role, 'organizations:read');
  return { id: await insertExitSurvey(ctx.db, userId, body) };
}
