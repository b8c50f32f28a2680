import type { ExitSurveyBody } from '@basin/core/schemas';
import type { Queryable } from './db.ts';

export async function insertExitSurvey(db: Queryable, userId: string, survey: ExitSurveyBody): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    `insert into exit_surveys (user_id, organization_slug, project_ref, reasons, message, additional_feedback, exit_action)
     values ($1, $2, $3, $4, $5, $6, $7) returning id`,
    [
      userId,
      survey.orgSlug,
      survey.projectRef ?? null,
      survey.reasons,
      survey.message || null,
      survey.additionalFeedback || null,
      survey.exitAction,
    ],
  );
  return rows[0]!.id;
}
