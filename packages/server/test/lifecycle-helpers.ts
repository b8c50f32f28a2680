/** Shared set-up of the restart, resize, restore and upgrade tests: real projects holding rows. */
import { ApiClient, healthyProject, query, uniqueEmail, waitForStatus } from './harness.ts';
import { signUpMember } from './membership.ts';

export interface Org {
  owner: ApiClient;
  developer: ApiClient;
  slug: string;
}

/** An organization on `plan` with its Owner and a Developer (who may not run lifecycle operations). */
export async function organization(url: string, plan: 'free' | 'pro' = 'pro'): Promise<Org> {
  const owner = new ApiClient(url);
  await owner.signUp(uniqueEmail('owner'));
  const slug: string = (await owner.post('/api/platform/organizations', { name: 'Lifecycle' })).body.slug;
  if (plan !== 'free') await owner.put(`/api/platform/organizations/${slug}/billing/subscription`, { plan });
  const developer = await signUpMember(owner, slug, 'Developer', 'developer');
  return { owner, developer, slug };
}

export interface ProjectWithRows {
  ref: string;
  connectionString: string;
  connectionStringReadOnly: string;
}

/** A healthy project with `rows` rows in table notes. */
export async function projectWithRows(org: Org, postgres = '17', rows = 1000): Promise<ProjectWithRows> {
  const ref = await healthyProject(org.owner, org.slug, 'Moving', { postgres, timeoutMs: 120_000 });
  const project = (await org.owner.get(`/api/platform/projects/${ref}`)).body;
  await query(
    project.connectionString,
    `create table notes (id serial primary key, body text not null);
     insert into notes (body) select repeat(md5(g::text), 4) from generate_series(1, ${rows}) g`,
  );
  return { ref, connectionString: project.connectionString, connectionStringReadOnly: project.connectionStringReadOnly };
}

/** Row count and a hash of every row: equal before and after means no row was lost or changed. */
export const fingerprint = async (connectionString: string) =>
  (await query(connectionString, 'select count(*)::int as rows, sum(hashtext(id || body))::text as hash from notes')).rows[0];

/** Pauses through the API (the pause job stops the instance and takes a backup). */
export async function pause(org: Org, ref: string): Promise<void> {
  const answer = await org.owner.post(`/api/platform/projects/${ref}/pause`);
  if (answer.status !== 202) throw new Error(`pause: ${answer.status} ${JSON.stringify(answer.body)}`);
  await waitForStatus(org.owner, ref, 'INACTIVE');
}

/** Whether anything answers on the project's connection string. */
export const answers = (connectionString: string) =>
  query(connectionString, 'select 1').then(
    () => true,
    () => false,
  );
