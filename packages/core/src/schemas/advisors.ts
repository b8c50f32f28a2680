import { z } from 'zod';
import { LINT_CATEGORIES, LINT_LEVELS, LINT_NAMES } from '../catalogues/lints.ts';

export const LintAcknowledgement = z.object({ note: z.string(), by: z.string(), at: z.string() }).meta({ id: 'LintAcknowledgement' });
export type LintAcknowledgement = z.infer<typeof LintAcknowledgement>;

/** One finding of the advisors, in the hosted platform's lint shape plus its acknowledgement. */
export const Lint = z
  .object({
    name: z.enum(LINT_NAMES),
    title: z.string(),
    level: z.enum(LINT_LEVELS),
    facing: z.literal('EXTERNAL'),
    categories: z.array(z.enum(LINT_CATEGORIES)),
    description: z.string(),
    detail: z.string(),
    remediation: z.string(),
    metadata: z.object({
      schema: z.string().nullable().optional(),
      name: z.string().nullable().optional(),
      entity: z.string().nullable().optional(),
      type: z.string().nullable().optional(),
    }),
    cache_key: z.string(),
    acknowledged: LintAcknowledgement.nullable(),
  })
  .meta({ id: 'Lint' });
export type Lint = z.infer<typeof Lint>;

/** GET /platform/projects/{ref}/run-lints */
export const RunLintsResponse = z.array(Lint).meta({ id: 'RunLintsResponse' });
export type RunLintsResponse = z.infer<typeof RunLintsResponse>;

/** GET /v1/projects/{ref}/advisors/security and /performance */
export const AdvisorLintsResponse = z.object({ lints: z.array(Lint) }).meta({ id: 'AdvisorLintsResponse' });
export type AdvisorLintsResponse = z.infer<typeof AdvisorLintsResponse>;

export const RunLintsQuery = z.object({
  refresh: z
    .enum(['true', 'false'])
    .optional()
    .transform((value) => value === 'true'),
});

export const AcknowledgeLintBody = z
  .object({
    cache_key: z.string().trim().min(1, 'cache_key is required').max(500),
    note: z.string().trim().max(1000, 'The note must be at most 1000 characters').default(''),
  })
  .meta({ id: 'AcknowledgeLintBody' });
export type AcknowledgeLintBody = z.infer<typeof AcknowledgeLintBody>;

export const LintAcknowledgementItem = z
  .object({ cache_key: z.string(), note: z.string(), by: z.string(), at: z.string() })
  .meta({ id: 'LintAcknowledgementItem' });
export type LintAcknowledgementItem = z.infer<typeof LintAcknowledgementItem>;

export const LintAcknowledgementsResponse = z.array(LintAcknowledgementItem).meta({ id: 'LintAcknowledgementsResponse' });
