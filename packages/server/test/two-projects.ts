import { ApiClient, createProject, uniqueEmail, waitForStatus } from './harness.ts';
import { signUpMember } from './membership.ts';

export interface TwoProjects {
  owner: ApiClient;
  /** A Read-only member of the same organization. */
  reader: ApiClient;
  slug: string;
  refA: string;
  refB: string;
}

/**
 * An owner's organization with two healthy Postgres 17 projects and a Read-only member: what the
 * key tests need to tell one project's keys from another's, and who may see them.
 */
export async function twoProjectsWithReader(url: string, organization: string): Promise<TwoProjects> {
  const owner = new ApiClient(url);
  await owner.signUp(uniqueEmail('owner'));
  const slug = (await owner.post<{ slug: string }>('/api/platform/organizations', { name: organization })).body.slug;
  const refA = await createProject(owner, slug, `${organization} A`);
  const refB = await createProject(owner, slug, `${organization} B`);
  const reader = await signUpMember(owner, slug, 'Read-only', 'reader');
  // Keys exist from creation on; waiting keeps the instance jobs out of the teardown.
  for (const ref of [refA, refB]) await waitForStatus(owner, ref, 'ACTIVE_HEALTHY', 180_000, 500);
  return { owner, reader, slug, refA, refB };
}
