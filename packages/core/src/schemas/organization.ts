import { z } from 'zod';
import { ROLES } from '../permissions.ts';
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
  })
  .meta({ id: 'Organization' });
export type Organization = z.infer<typeof Organization>;

export const CreateOrganizationBody = z.object({ name: Name }).meta({ id: 'CreateOrganizationBody' });
export type CreateOrganizationBody = z.infer<typeof CreateOrganizationBody>;

export const UpdateOrganizationBody = z
  .object({
    name: Name.optional(),
    billing_email: z.email('Billing email must be a valid email address').optional(),
  })
  .refine((body) => Object.keys(body).length > 0, 'Nothing to update')
  .meta({ id: 'UpdateOrganizationBody' });
export type UpdateOrganizationBody = z.infer<typeof UpdateOrganizationBody>;

export const Subscription = z
  .object({ plan: z.object({ id: PlanId, name: z.string() }) })
  .meta({ id: 'Subscription' });
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

export const InviteMemberBody = z
  .object({ email: z.email('Enter a valid email address'), role: Role })
  .meta({ id: 'InviteMemberBody' });
export type InviteMemberBody = z.infer<typeof InviteMemberBody>;

export const UpdateMemberBody = z.object({ role: Role }).meta({ id: 'UpdateMemberBody' });
export type UpdateMemberBody = z.infer<typeof UpdateMemberBody>;
