import { z } from 'zod';
import { EXIT_ACTIONS, EXIT_SURVEY_MESSAGES, EXIT_SURVEY_REASON_VALUES } from '../catalogues/exit-survey.ts';
import { OrgSlug, ProjectRef } from './common.ts';

const FreeText = z.string().trim().max(5000, 'Feedback must be at most 5000 characters');

/** POST /platform/feedback/downgrade. The project may already be deleted: its ref is not looked up. */
export const ExitSurveyBody = z
  .object({
    projectRef: ProjectRef.optional(),
    orgSlug: OrgSlug,
    reasons: z
      .array(z.enum(EXIT_SURVEY_REASON_VALUES, EXIT_SURVEY_MESSAGES.unknownReason))
      .min(1, EXIT_SURVEY_MESSAGES.selectReason)
      .max(EXIT_SURVEY_REASON_VALUES.length)
      .refine((reasons) => new Set(reasons).size === reasons.length, 'Each reason may be given once'),
    /** Sent with a project deletion (spec part 1 §3); the free text of the dialog. */
    message: FreeText.optional(),
    additionalFeedback: FreeText.optional(),
    exitAction: z.enum(EXIT_ACTIONS),
  })
  .meta({ id: 'ExitSurveyBody' });
export type ExitSurveyBody = z.infer<typeof ExitSurveyBody>;

export const ExitSurveyCreated = z.object({ id: z.number().int() }).meta({ id: 'ExitSurveyCreated' });
export type ExitSurveyCreated = z.infer<typeof ExitSurveyCreated>;
