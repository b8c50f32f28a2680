import { ApiClient, uniqueEmail, waitFor } from './harness.ts';
import { addMember } from './membership.ts';

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
  const create = async (name: string) =>
    (
      await owner.post<{ ref: string }>('/api/platform/projects', {
        name,
        organization_slug: slug,
        region: 'local',
        postgres_engine: '17',
        release_channel: 'ga',
      })
    ).body.ref;
  const refA = await create(`${organization} A`);
  const refB = await create(`${organization} B`);
  const reader = new ApiClient(url);
  await reader.signUp(uniqueEmail('reader'));
  await addMember(owner, slug, reader, 'Read-only');
  // Keys exist from creation on; waiting keeps the instance jobs out of the teardown.
  for (const ref of [refA, refB]) {
    await waitFor(
      () => owner.get<{ status: string }>(`/api/platform/projects/${ref}/status`),
      (a) => a.body.status === 'ACTIVE_HEALTHY',
      180_000,
      500,
    );
  }
  return { owner, reader, slug, refA, refB };
}
