/** What the assistant reads about a project's organization: its plan and its AI opt-in tags. */
import type { PlanId } from '@basin/core/schemas';
import type { Queryable } from './db.ts';

export interface AssistantOrganization {
  slug: string;
  plan_id: PlanId;
  opt_in_tags: string[];
}

export async function organizationOfProject(db: Queryable, ref: string): Promise<AssistantOrganization | undefined> {
  const { rows } = await db.query<AssistantOrganization>(
    `select o.slug, o.plan_id, o.opt_in_tags from projects p join organizations o on o.id = p.organization_id where p.ref = $1`,
    [ref],
  );
  return rows[0];
}
