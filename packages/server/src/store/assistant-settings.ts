/** What the assistant reads about a project's organization (its plan and AI opt-in tags) and whether the project holds HIPAA data. */
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

/** Whether the project is marked as holding HIPAA data (the assistant is disallowed for it). */
export async function projectHipaa(db: Queryable, ref: string): Promise<boolean> {
  const { rows } = await db.query<{ hipaa: boolean }>('select hipaa from projects where ref = $1', [ref]);
  return rows[0]?.hipaa ?? false;
}

export async function setProjectHipaa(db: Queryable, ref: string, hipaa: boolean): Promise<void> {
  await db.query('update projects set hipaa = $2 where ref = $1', [ref, hipaa]);
}
