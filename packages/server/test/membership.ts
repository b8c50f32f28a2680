import type { Role } from '@basin/core';
import { ApiClient, uniqueEmail, type Account } from './harness.ts';

/**
 * Makes `member` a member of the organization the only way there is: `inviter` invites their
 * email, and they accept. Throws when either step is refused, so fixtures fail where they break.
 */
export async function addMember(inviter: ApiClient, slug: string, member: ApiClient, role: Role): Promise<void> {
  const { body: profile } = await member.get<{ email: string }>('/api/platform/profile');
  const invited = await inviter.post<{ id: string }>(`/api/platform/organizations/${slug}/members`, { email: profile.email, role });
  if (invited.status !== 201) throw new Error(`invite failed: ${invited.status} ${JSON.stringify(invited.body)}`);
  const accepted = await member.post(`/api/platform/profile/invitations/${invited.body.id}/accept`);
  if (accepted.status !== 200) throw new Error(`accept failed: ${accepted.status} ${JSON.stringify(accepted.body)}`);
}

/**
 * A new account (its email made from `name`) that is a member of the organization with `role`,
 * invited by `inviter`: a client signed in as it, its account in `client.user`.
 */
export async function signUpMember(inviter: ApiClient, slug: string, role: Role, name: string): Promise<ApiClient & { user: Account }> {
  const member = new ApiClient(inviter.baseUrl);
  const user = await member.signUp(uniqueEmail(name));
  await addMember(inviter, slug, member, role);
  return Object.assign(member, { user });
}
