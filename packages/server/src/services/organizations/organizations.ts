import { ORGANIZATION_SETTINGS_MESSAGES, SUBSCRIPTION_CHANGES_DISABLED, uniqueSlug, slugify, type Role } from '@basin/core';
import { PLAN_NAMES, type Organization, type PlanId, type UpdateOrganizationBody } from '@basin/core/schemas';
import { transaction, type Db } from '../../store/db.ts';
import * as members from '../../store/members.ts';
import * as store from '../../store/organizations.ts';
import { forbidden } from '../../kernel/errors.ts';
import { requireOrganization, requirePermission } from './access.ts';
import { isFeatureEnabled } from '../account/feature-flags.ts';

export function toOrganization(row: store.OrganizationRow & { role: Role }): Organization {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    billing_email: row.billing_email,
    plan: { id: row.plan_id, name: PLAN_NAMES[row.plan_id] },
    role: row.role,
    opt_in_tags: row.opt_in_tags,
    additional_billing_emails: row.additional_billing_emails,
  };
}

export async function listOrganizations(db: Db, userId: string): Promise<Organization[]> {
  return (await store.listForUser(db, userId)).map(toOrganization);
}

export async function getOrganization(db: Db, slug: string, userId: string): Promise<Organization> {
  const membership = await requireOrganization(db, slug, userId);
  requirePermission(membership.role, 'organizations:read');
  return toOrganization(membership);
}

/** Creates the organization with a unique slug from its name; the creator becomes its Owner. */
export async function createOrganization(db: Db, userId: string, name: string): Promise<Organization> {
  return transaction(db, async (client) => {
    // Serialise slug choice so that two organizations with one name get distinct slugs.
    await client.query("select pg_advisory_xact_lock(hashtext('basin-org-slug'))");
    const taken = await store.takenSlugs(client, slugify(name));
    const org = await store.insert(
      client,
      uniqueSlug(name, (s) => taken.has(s)),
      name,
    );
    await members.insert(client, org.id, userId, 'Owner');
    return toOrganization({ ...org, role: 'Owner' });
  });
}

export async function updateOrganization(db: Db, slug: string, userId: string, body: UpdateOrganizationBody): Promise<Organization> {
  const membership = await requireOrganization(db, slug, userId);
  requirePermission(membership.role, 'organizations:update', ORGANIZATION_SETTINGS_MESSAGES.noUpdatePermission);
  await store.update(db, membership.id, body);
  return getOrganization(db, slug, userId);
}

export async function getSubscription(db: Db, slug: string, userId: string) {
  const membership = await requireOrganization(db, slug, userId);
  requirePermission(membership.role, 'billing.subscriptions:read', 'You need additional permissions to view the subscription');
  return { plan: { id: membership.plan_id, name: PLAN_NAMES[membership.plan_id] } };
}

export async function updateSubscription(db: Db, slug: string, userId: string, plan: PlanId) {
  const membership = await requireOrganization(db, slug, userId);
  requirePermission(membership.role, 'billing.subscriptions:write', 'You need additional permissions to amend subscriptions');
  if (!(await isFeatureEnabled(db, membership.id, 'subscriptionChangesEnabled'))) throw forbidden(SUBSCRIPTION_CHANGES_DISABLED);
  await store.update(db, membership.id, { plan_id: plan });
  return { plan: { id: plan, name: PLAN_NAMES[plan] } };
}
