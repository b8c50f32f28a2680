import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, startTestPlatform, uniqueEmail } from './harness.ts';
import { signUpMember } from './membership.ts';

let platform: Awaited<ReturnType<typeof startTestPlatform>>;
let owner: ApiClient;
let readOnly: ApiClient;
let slug: string;

/** The ref of a project deleted a moment ago: it no longer exists, and the survey still takes it. */
const DELETED_REF = 'abcdefghijklmnopqrst';

const survey = (body: Record<string, unknown> = {}) => ({
  projectRef: DELETED_REF,
  orgSlug: slug,
  reasons: ['too_expensive'],
  message: 'Moving to a cheaper host',
  additionalFeedback: 'The dashboard was nice.',
  exitAction: 'delete',
  ...body,
});

const storedSurveys = async () =>
  (await platform.ctx.db.query('select * from exit_surveys where organization_slug = $1 order by id', [slug])).rows;

beforeAll(async () => {
  platform = await startTestPlatform();
  owner = new ApiClient(platform.url);
  await owner.signUp(uniqueEmail('owner'));
  slug = (await owner.post('/api/platform/organizations', { name: 'Leaving' })).body.slug;
  readOnly = await signUpMember(owner, slug, 'Read-only', 'readonly');
});
afterAll(() => platform?.destroy());

describe('POST /platform/feedback/downgrade', () => {
  it('stores the exit survey of any member of the organization', async () => {
    const answer = await readOnly.post('/api/platform/feedback/downgrade', survey({ reasons: ['too_expensive', 'none_of_the_above'] }));
    expect(answer.status).toBe(201);
    expect(answer.body).toEqual({ id: expect.any(Number) });

    const [row] = await storedSurveys();
    expect(row).toMatchObject({
      id: answer.body.id,
      organization_slug: slug,
      project_ref: DELETED_REF,
      reasons: ['too_expensive', 'none_of_the_above'],
      message: 'Moving to a cheaper host',
      additional_feedback: 'The dashboard was nice.',
      exit_action: 'delete',
    });
    const optionalLeftOut = await owner.post('/api/platform/feedback/downgrade', {
      orgSlug: slug,
      reasons: ['lost_trust'],
      exitAction: 'downgrade',
    });
    expect(optionalLeftOut.status).toBe(201);
    expect((await storedSurveys()).at(-1)).toMatchObject({
      project_ref: null,
      message: null,
      additional_feedback: null,
      exit_action: 'downgrade',
    });
  });

  it('refuses a reason outside the catalogue, no reason at all or an unknown exit action (400), storing nothing', async () => {
    const before = (await storedSurveys()).length;
    const unknown = await owner.post('/api/platform/feedback/downgrade', survey({ reasons: ['too_expensive', 'the moon'] }));
    expect(unknown).toEqual({ status: 400, body: { message: 'Unknown exit survey reason: choose one from the list' } });
    const none = await owner.post('/api/platform/feedback/downgrade', survey({ reasons: [] }));
    expect(none).toEqual({ status: 400, body: { message: 'Please select a reason for deleting your project' } });
    expect((await owner.post('/api/platform/feedback/downgrade', survey({ reasons: ['lost_trust', 'lost_trust'] }))).status).toBe(400);
    expect((await owner.post('/api/platform/feedback/downgrade', survey({ exitAction: 'vanish' }))).status).toBe(400);
    expect((await storedSurveys()).length).toBe(before);
  });

  it('answers 404 to users outside the organization and 401 without a session', async () => {
    const outsider = new ApiClient(platform.url);
    await outsider.signUp(uniqueEmail('outsider'));
    expect(await outsider.post('/api/platform/feedback/downgrade', survey())).toEqual({
      status: 404,
      body: { message: 'Organization not found' },
    });
    expect((await new ApiClient(platform.url).post('/api/platform/feedback/downgrade', survey())).status).toBe(401);
  });
});
