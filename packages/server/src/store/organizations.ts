import type { Role } from '@basin/core';
import type { AiOptInTag, PlanId } from '@basin/core/schemas';
import type { Queryable } from './db.ts';

export interface OrganizationRow {
  id: number;
  slug: string;
  name: string;
  plan_id: PlanId;
  billing_email: string | null;
  opt_in_tags: AiOptInTag[];
  additional_billing_emails: string[];
}

/** An organization as seen by one member: the row plus that member's role. */
export interface MembershipRow extends OrganizationRow {
  role: Role;
}

const COLUMNS = 'o.id, o.slug, o.name, o.plan_id, o.billing_email, o.opt_in_tags, o.additional_billing_emails';

export async function listForUser(db: Queryable, userId: string): Promise<MembershipRow[]> {
  const { rows } = await db.query<MembershipRow>(
    `select ${COLUMNS}, m.role from organizations o join members m on m.organization_id = o.id
     where m.user_id = $1 order by o.name, o.id`,
    [userId],
  );
  return rows;
}

export async function findForUser(db: Queryable, slug: string, userId: string): Promise<MembershipRow | undefined> {
  const { rows } = await db.query<MembershipRow>(
    `select ${COLUMNS}, m.role from organizations o join members m on m.organization_id = o.id
     where o.slug = $1 and m.user_id = $2`,
    [slug, userId],
  );
  return rows[0];
}

/** The organization's plan; undefined when it is gone. */
export async function planOf(db: Queryable, id: number): Promise<PlanId | undefined> {
  const { rows } = await db.query<{ plan_id: PlanId }>('select plan_id from organizations where id = $1', [id]);
  return rows[0]?.plan_id;
}

/** Slugs already taken by the base slug or one of its numbered variants. */
export async function takenSlugs(db: Queryable, base: string): Promise<Set<string>> {
  const { rows } = await db.query<{ slug: string }>("select slug from organizations where slug = $1 or slug like $1 || '-%'", [base]);
  return new Set(rows.map((r) => r.slug));
}

export async function insert(db: Queryable, slug: string, name: string): Promise<OrganizationRow> {
  const { rows } = await db.query<OrganizationRow>(
    'insert into organizations (slug, name) values ($1, $2) returning id, slug, name, plan_id, billing_email, opt_in_tags, additional_billing_emails',
    [slug, name],
  );
  return rows[0]!;
}

export async function update(
  db: Queryable,
  id: number,
  fields: { name?: string; billing_email?: string; plan_id?: PlanId; opt_in_tags?: AiOptInTag[]; additional_billing_emails?: string[] },
): Promise<void> {
  await db.query(
    `update organizations set name = coalesce($2, name), billing_email = coalesce($3, billing_email),
     plan_id = coalesce($4, plan_id), opt_in_tags = coalesce($5, opt_in_tags),
     additional_billing_emails = coalesce($6, additional_billing_emails) where id = $1`,
    [
      id,
      fields.name ?? null,
      fields.billing_email ?? null,
      fields.plan_id ?? null,
      fields.opt_in_tags ?? null,
      fields.additional_billing_emails ?? null,
    ],
  );
}
