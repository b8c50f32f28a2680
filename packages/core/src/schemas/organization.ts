import { z } from 'zod';
import { ROLES } from '../permissions.ts';
import { AI_OPT_IN_LEVELS, AI_OPT_IN_TAGS, optInTagsOf } from './assistant.ts';
import { Name, OrgSlug } from './common.ts';

export const PLAN_IDS = ['free', 'pro', 'team', 'enterprise'] as const;
export const PlanId = z.enum(PLAN_IDS);
export type PlanId = z.infer<typeof PlanId>;
export const PLAN_NAMES: Record<PlanId, string> = { free: 'Free', pro: 'Pro', team: 'Team', enterprise: 'Enterprise' };

export const Role = z.enum(ROLES);

export const Organization = z
  .object({
    id: z.number().int(),
    slug: OrgSlug,
    name: z.string(),
    billing_email: z.string().nullable(),
    plan: z.object({ id: PlanId, name: z.string() }),
    /** The signed-in user's role in this organization (Basin addition: drives what the dashboard offers). */
    role: Role,
    /** What the AI assistant may see (spec part 2 §3): the tags of one opt-in level, none for 'disabled'. */
    opt_in_tags: z.array(z.enum(AI_OPT_IN_TAGS)),
    /** Besides billing_email, where billing mail goes (the customer profile's additional_emails). */
    additional_billing_emails: z.array(z.string()),
  })
  .meta({ id: 'Organization' });
export type Organization = z.infer<typeof Organization>;

export const CreateOrganizationBody = z.object({ name: Name }).meta({ id: 'CreateOrganizationBody' });
export type CreateOrganizationBody = z.infer<typeof CreateOrganizationBody>;

export const ADDITIONAL_BILLING_EMAILS_MAX = 10;

const sameTags = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((tag) => b.includes(tag));

/** The tags of exactly one opt-in level, in any order and without repeats; answered in the levels' order. */
export const OptInTags = z
  .array(z.enum(AI_OPT_IN_TAGS, { error: (issue) => `Unknown AI opt-in tag: ${String(issue.input)}` }))
  .transform((tags, ctx) => {
    const level = AI_OPT_IN_LEVELS.find((candidate) => sameTags(optInTagsOf(candidate), [...new Set(tags)]));
    if (level && new Set(tags).size === tags.length) return optInTagsOf(level);
    ctx.addIssue({
      code: 'custom',
      message: 'opt_in_tags must be the tags of one AI opt-in level: none, AI_SQL, AI_SQL and AI_LOG, or all three',
    });
    return z.NEVER;
  });

/**
 * Additional billing addresses: trimmed, each a valid address named when it is not, repeats (in
 * any case) dropped, at most ADDITIONAL_BILLING_EMAILS_MAX.
 */
export const AdditionalBillingEmails = z
  .array(
    z
      .string()
      .trim()
      .pipe(z.email({ error: (issue) => `Additional billing email ${JSON.stringify(issue.input)} is not a valid email address` })),
  )
  .transform((emails) => emails.filter((email, at) => emails.findIndex((other) => other.toLowerCase() === email.toLowerCase()) === at))
  .pipe(z.array(z.string()).max(ADDITIONAL_BILLING_EMAILS_MAX, `At most ${ADDITIONAL_BILLING_EMAILS_MAX} additional billing emails`));

/**
 * An optional text field where an empty (or blank) value counts as not sent (spec part 2: the
 * update's fields are sent only when non-empty), so it changes nothing rather than failing.
 */
const emptyAsAbsent = <T extends z.ZodType>(field: T) =>
  z.preprocess((value) => (typeof value === 'string' && value.trim() === '' ? undefined : value), field.optional());

/** Lists are kept as sent: an empty opt_in_tags is the 'disabled' level, an empty list of emails clears it. */
export const UpdateOrganizationBody = z
  .object({
    name: emptyAsAbsent(Name),
    billing_email: emptyAsAbsent(z.email('Billing email must be a valid email address')),
    opt_in_tags: OptInTags.optional(),
    additional_billing_emails: AdditionalBillingEmails.optional(),
  })
  .refine((body) => Object.keys(body).length > 0, 'Nothing to update')
  .meta({ id: 'UpdateOrganizationBody' });
export type UpdateOrganizationBody = z.infer<typeof UpdateOrganizationBody>;

export const Subscription = z.object({ plan: z.object({ id: PlanId, name: z.string() }) }).meta({ id: 'Subscription' });
export type Subscription = z.infer<typeof Subscription>;

export const UpdateSubscriptionBody = z.object({ plan: PlanId }).meta({ id: 'UpdateSubscriptionBody' });
export type UpdateSubscriptionBody = z.infer<typeof UpdateSubscriptionBody>;

export const Member = z
  .object({
    user_id: z.string(),
    email: z.string(),
    username: z.string(),
    role: Role,
    joined_at: z.string(),
  })
  .meta({ id: 'Member' });
export type Member = z.infer<typeof Member>;

export const InviteMemberBody = z.object({ email: z.email('Enter a valid email address'), role: Role }).meta({ id: 'InviteMemberBody' });
export type InviteMemberBody = z.infer<typeof InviteMemberBody>;

export const UpdateMemberBody = z.object({ role: Role }).meta({ id: 'UpdateMemberBody' });
export type UpdateMemberBody = z.infer<typeof UpdateMemberBody>;
