import { FREE_PROJECT_LIMIT, INVITATION_VALID_DAYS, LIFECYCLE_MESSAGES, type ProjectStatus } from '@basin/core';
import { newProjectRef } from '../src/kernel/secrets.ts';
import * as projects from '../src/store/projects.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, startTestPlatform, uniqueEmail } from './harness.ts';

let platform: Awaited<ReturnType<typeof startTestPlatform>>;
let owner: ApiClient & { email: string };

const orgPath = (slug: string) => `/api/platform/organizations/${slug}`;
const accept = (client: ApiClient, id: string) => client.post(`/api/platform/profile/invitations/${id}/accept`);
const decline = (client: ApiClient, id: string) => client.post(`/api/platform/profile/invitations/${id}/decline`);
const myInvitations = async (client: ApiClient) => (await client.get<{ id: string }[]>('/api/platform/profile/invitations')).body;
const pendingIds = async (slug: string) => (await owner.get<{ id: string }[]>(`${orgPath(slug)}/invitations`)).body.map((i) => i.id);

async function newOrganization(client: ApiClient, name: string): Promise<string> {
  return (await client.post('/api/platform/organizations', { name })).body.slug;
}

async function signedUp(name: string): Promise<ApiClient & { email: string }> {
  const client = new ApiClient(platform.url);
  const { email } = await client.signUp(uniqueEmail(name));
  return Object.assign(client, { email });
}

/** A project row in `status` without an instance: enough for the free project limit to count it. */
async function projectRow(slug: string, status: ProjectStatus): Promise<string> {
  const ref = newProjectRef();
  const { id } = (await platform.ctx.db.query<{ id: number }>('select id from organizations where slug = $1', [slug])).rows[0]!;
  await projects.insert(platform.ctx.db, {
    ref,
    organization_id: id,
    name: status,
    status,
    region: 'local',
    postgres_major: '17',
    server_version: '17.10.0',
    compute_size: 'micro',
    port: null,
    db_password: platform.ctx.box.seal('unused'),
    readonly_password: platform.ctx.box.seal('unused'),
  });
  return ref;
}

beforeAll(async () => {
  platform = await startTestPlatform();
  owner = await signedUp('owner');
});
afterAll(() => platform?.destroy());

describe('inviting', () => {
  it('answers an unknown email and a known one alike: 201 with a pending invitation, no account details', async () => {
    const slug = await newOrganization(owner, 'Same answer');
    const known = await signedUp('known');
    const ghost = uniqueEmail('ghost');
    const toKnown = await owner.post(`${orgPath(slug)}/members`, { email: known.email, role: 'Developer' });
    const toGhost = await owner.post(`${orgPath(slug)}/members`, { email: ghost, role: 'Developer' });

    expect(toKnown.status).toBe(201);
    expect(toGhost.status).toBe(toKnown.status);
    expect(Object.keys(toGhost.body).sort()).toEqual(Object.keys(toKnown.body).sort());
    const shape = (body: Record<string, unknown>) => ({
      ...body,
      id: typeof body.id,
      email: typeof body.email,
      created_at: 0,
      expires_at: 0,
    });
    expect(shape(toGhost.body)).toEqual(shape(toKnown.body));
    expect(toKnown.body).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      email: known.email,
      role: 'Developer',
      invited_by: owner.email,
      created_at: expect.any(String),
      expires_at: expect.any(String),
    });
    const validFor = Date.parse(toKnown.body.expires_at) - Date.parse(toKnown.body.created_at);
    expect(validFor).toBe(INVITATION_VALID_DAYS * 24 * 3600 * 1000);
    expect(await pendingIds(slug)).toEqual([toKnown.body.id, toGhost.body.id]);
  });

  it('renews the one pending invitation of an email when invited again, lower-casing it', async () => {
    const slug = await newOrganization(owner, 'Renewals');
    const email = uniqueEmail('again');
    const first = await owner.post(`${orgPath(slug)}/members`, { email: email.toUpperCase(), role: 'Read-only' });
    const second = await owner.post(`${orgPath(slug)}/members`, { email, role: 'Developer' });
    expect(first.body.email).toBe(email);
    expect(second.body).toMatchObject({ id: first.body.id, role: 'Developer' });
    expect(await pendingIds(slug)).toEqual([first.body.id]);
  });

  it('refuses members (409), Owner invitations from Administrators, and revokes', async () => {
    const slug = await newOrganization(owner, 'Refusals');
    expect(await owner.post(`${orgPath(slug)}/members`, { email: owner.email, role: 'Developer' })).toEqual({
      status: 409,
      body: { message: 'This user is already a member of the organization' },
    });
    const admin = await signedUp('admin');
    const invited = (await owner.post(`${orgPath(slug)}/members`, { email: admin.email, role: 'Administrator' })).body;
    await accept(admin, invited.id);

    expect((await admin.post(`${orgPath(slug)}/members`, { email: uniqueEmail('boss'), role: 'Owner' })).status).toBe(403);
    const ownerInvitation = (await owner.post(`${orgPath(slug)}/members`, { email: uniqueEmail('boss'), role: 'Owner' })).body;
    expect((await admin.delete(`${orgPath(slug)}/invitations/${ownerInvitation.id}`)).status).toBe(403);
    // Nor can an Administrator turn it into another one by inviting the email again.
    expect((await admin.post(`${orgPath(slug)}/members`, { email: ownerInvitation.email, role: 'Developer' })).status).toBe(403);
    expect((await owner.get(`${orgPath(slug)}/invitations`)).body).toContainEqual(
      expect.objectContaining({ id: ownerInvitation.id, role: 'Owner' }),
    );

    const invitee = await signedUp('revoked');
    const revoked = (await admin.post(`${orgPath(slug)}/members`, { email: invitee.email, role: 'Developer' })).body;
    expect((await admin.delete(`${orgPath(slug)}/invitations/${revoked.id}`)).status).toBe(204);
    expect((await admin.delete(`${orgPath(slug)}/invitations/${revoked.id}`)).status).toBe(404);
    expect(await myInvitations(invitee)).toEqual([]);
    expect((await accept(invitee, revoked.id)).status).toBe(404);
    expect((await admin.delete(`${orgPath(slug)}/invitations/not-a-uuid`)).status).toBe(400);
  });
});

describe('the invitee', () => {
  it('is not a member until accepting, then is one with the invited role', async () => {
    const slug = await newOrganization(owner, 'Acceptance');
    const invitee = await signedUp('invitee');
    const { body: invitation } = await owner.post(`${orgPath(slug)}/members`, { email: invitee.email.toUpperCase(), role: 'Developer' });

    expect((await invitee.get(orgPath(slug))).status).toBe(404);
    expect((await invitee.get('/api/platform/organizations')).body).toEqual([]);
    expect((await owner.get(`${orgPath(slug)}/members`)).body.map((m: { email: string }) => m.email)).not.toContain(invitee.email);
    expect(await myInvitations(invitee)).toEqual([
      {
        id: invitation.id,
        organization_slug: slug,
        organization_name: 'Acceptance',
        role: 'Developer',
        invited_by: owner.email,
        created_at: invitation.created_at,
        expires_at: invitation.expires_at,
      },
    ]);

    const accepted = await accept(invitee, invitation.id);
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({ slug, name: 'Acceptance', role: 'Developer' });
    expect((await invitee.get(orgPath(slug))).body.role).toBe('Developer');
    expect(await myInvitations(invitee)).toEqual([]);
    expect(await pendingIds(slug)).toEqual([]);
    expect((await accept(invitee, invitation.id)).status).toBe(404);
  });

  it('declines: the invitation is gone and grants nothing', async () => {
    const slug = await newOrganization(owner, 'Declined');
    const invitee = await signedUp('decliner');
    const { body: invitation } = await owner.post(`${orgPath(slug)}/members`, { email: invitee.email, role: 'Administrator' });
    expect((await decline(invitee, invitation.id)).status).toBe(204);
    expect(await myInvitations(invitee)).toEqual([]);
    expect(await pendingIds(slug)).toEqual([]);
    expect((await accept(invitee, invitation.id)).status).toBe(404);
    expect((await invitee.get(orgPath(slug))).status).toBe(404);
  });

  it('cannot accept an expired invitation', async () => {
    const slug = await newOrganization(owner, 'Expired');
    const invitee = await signedUp('late');
    const { body: invitation } = await owner.post(`${orgPath(slug)}/members`, { email: invitee.email, role: 'Developer' });
    await platform.ctx.db.query("update invitations set expires_at = now() - interval '1 second' where id = $1", [invitation.id]);

    expect(await myInvitations(invitee)).toEqual([]);
    expect(await pendingIds(slug)).toEqual([]);
    expect(await accept(invitee, invitation.id)).toEqual({ status: 404, body: { message: 'Invitation not found' } });
    expect((await invitee.get(orgPath(slug))).status).toBe(404);
  });

  it('is the only one who can accept or decline it: another user gets 404 and the invitation stays', async () => {
    const slug = await newOrganization(owner, 'Not yours');
    const invitee = await signedUp('rightful');
    const other = await signedUp('other');
    const { body: invitation } = await owner.post(`${orgPath(slug)}/members`, { email: invitee.email, role: 'Developer' });

    expect(await myInvitations(other)).toEqual([]);
    expect(await accept(other, invitation.id)).toEqual({ status: 404, body: { message: 'Invitation not found' } });
    expect((await decline(other, invitation.id)).status).toBe(404);
    // The inviter is not the invitee either.
    expect((await accept(owner, invitation.id)).status).toBe(404);
    expect((await other.get(orgPath(slug))).status).toBe(404);
    expect((await myInvitations(invitee)).map((i) => i.id)).toEqual([invitation.id]);
  });
});

describe('the free project limit', () => {
  it('counts an Administrator invitation only once it is accepted, so nobody can block a restore by inviting', async () => {
    const attacker = await signedUp('attacker');
    const attackerSlug = await newOrganization(attacker, 'Attacker');
    for (let i = 0; i < FREE_PROJECT_LIMIT; i++) await projectRow(attackerSlug, 'COMING_UP');
    const victim = await signedUp('victim');
    const victimSlug = await newOrganization(victim, 'Victim');
    const paused = await projectRow(victimSlug, 'INACTIVE');
    const atLimit = async () => (await victim.get(`${orgPath(victimSlug)}/members/reached-free-project-limit`)).body;

    const { body: invitation } = await attacker.post(`${orgPath(attackerSlug)}/members`, { email: victim.email, role: 'Administrator' });
    expect(await atLimit()).toEqual([]);
    expect((await victim.get('/api/platform/organizations')).body.map((o: { slug: string }) => o.slug)).toEqual([victimSlug]);

    // Accepting is the victim's own choice, and only then do the attacker's projects count.
    await accept(victim, invitation.id);
    expect(await atLimit()).toEqual([expect.objectContaining({ primary_email: victim.email })]);
    const username = victim.email.split('@')[0]!;
    expect(await victim.post(`/api/platform/projects/${paused}/restore`, {})).toEqual({
      status: 400,
      body: { message: LIFECYCLE_MESSAGES.freeProjectLimitReached(FREE_PROJECT_LIMIT, [username]) },
    });
  });
});
