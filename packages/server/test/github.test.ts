import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGitHubStandIn, type GitHubStandIn } from './github-stand-in.ts';
import { ApiClient, createProject, startTestPlatform, uniqueEmail, waitFor, waitForStatus } from './harness.ts';
import { signUpMember } from './membership.ts';
import { organization, projectWithRows, type Org, type ProjectWithRows } from './lifecycle-helpers.ts';

const TOKEN = 'ghp_stand_in_token_0123456789';
const REPOSITORY = { id: 4242, full_name: 'acme/web', default_branch: 'main', branches: ['main', 'feature/login'] };
const CONNECTIONS = '/api/platform/integrations/github/connections';

let gitHub: GitHubStandIn;
let platform: Awaited<ReturnType<typeof startTestPlatform>>;
let org: Org;
let organizationId: number;
let parent: ProjectWithRows;
const readOnly = new ApiClient('');
const outsider = new ApiClient('');

const connect = (client: ApiClient, body: object = {}) =>
  client.post(CONNECTIONS, { organization_id: organizationId, project_ref: parent.ref, repository: 'acme/web', token: TOKEN, ...body });
const connectionsOf = (client: ApiClient, id = organizationId) => client.get(`${CONNECTIONS}?organization_id=${id}`);
const checkBranch = (client: ApiClient, name: string, repositoryId = REPOSITORY.id) =>
  client.get(`/api/platform/integrations/github/repositories/${repositoryId}/branches/${encodeURIComponent(name)}`);
const createBranch = (body: object) => org.owner.post(`/api/v1/projects/${parent.ref}/branches`, body);

/** GitHub is down for the duration of `run`. */
async function whileGitHubIsDown<T>(run: () => Promise<T>): Promise<T> {
  await gitHub.stop();
  try {
    return await run();
  } finally {
    await gitHub.start();
  }
}

beforeAll(async () => {
  gitHub = await startGitHubStandIn(TOKEN, [REPOSITORY]);
  platform = await startTestPlatform({ githubApiUrl: gitHub.url });
  org = await organization(platform.url);
  organizationId = (await org.owner.get(`/api/platform/organizations/${org.slug}`)).body.id;
  Object.assign(readOnly, await signUpMember(org.owner, org.slug, 'Read-only', 'Read-only'));
  Object.assign(outsider, new ApiClient(platform.url));
  await outsider.signUp(uniqueEmail('outsider'));
  parent = await projectWithRows(org, '17', 10);
}, 180_000);
afterAll(async () => {
  await platform?.destroy();
  await gitHub?.stop();
});

describe('GitHub connections', () => {
  it('refuses a refused token, an unknown repository and a malformed name, storing nothing', async () => {
    expect(await connect(org.owner, { token: 'ghp_wrong' })).toEqual({
      status: 400,
      body: { message: 'GitHub refused the token: Bad credentials' },
    });
    expect(await connect(org.owner, { repository: 'acme/nope' })).toEqual({
      status: 400,
      body: { message: 'Repository acme/nope was not found, or the token cannot see it' },
    });
    expect(await connect(org.owner, { repository: 'acme' })).toEqual({
      status: 400,
      body: { message: 'Repository must be in the form owner/repo' },
    });
    expect(await whileGitHubIsDown(() => connect(org.owner))).toEqual({
      status: 502,
      body: { message: expect.stringMatching(/^GitHub is unreachable/) },
    });
    const elsewhere = (await org.owner.post('/api/platform/organizations', { name: 'Elsewhere' })).body.slug;
    const foreign = await createProject(org.owner, elsewhere, 'Foreign');
    expect(await connect(org.owner, { project_ref: foreign })).toEqual({
      status: 400,
      body: { message: 'The project does not belong to this organization' },
    });
    expect((await connectionsOf(org.owner)).body).toEqual([]);
  });

  it('connects a project after GitHub has seen the token, and never answers the token', async () => {
    const created = await connect(org.owner, { repository: 'ACME/web' });
    expect(created).toEqual({
      status: 201,
      body: {
        id: expect.any(Number),
        created_at: expect.any(String),
        project: { ref: parent.ref },
        repository: { id: REPOSITORY.id, name: 'acme/web' },
        gitless_branching: false,
      },
    });
    const lookup = gitHub.requests.findLast((request) => request.path === '/repos/ACME/web')!;
    expect(lookup.headers).toMatchObject({
      authorization: `Bearer ${TOKEN}`,
      accept: 'application/vnd.github+json',
      'x-github-api-version': expect.any(String),
    });

    const listed = await connectionsOf(readOnly);
    expect(listed).toEqual({ status: 200, body: [created.body] });
    const stored = await platform.ctx.db.query<{ token: string }>('select token from github_connections');
    expect(stored.rows[0]!.token).not.toContain(TOKEN);
    expect(JSON.stringify([created.body, listed.body])).not.toContain(TOKEN);

    expect(await connect(org.owner)).toEqual({
      status: 400,
      body: { message: 'This project is already connected to a GitHub repository' },
    });
  });

  it('answers connections and branch checks to members only', async () => {
    expect((await connectionsOf(outsider)).status).toBe(404);
    expect((await connectionsOf(org.owner, 999_999)).status).toBe(404);
    expect((await connectionsOf(org.owner, Number.NaN)).status).toBe(400);
    expect((await checkBranch(outsider, 'main')).status).toBe(404);
    const [connection] = (await connectionsOf(org.owner)).body;
    expect((await outsider.patch(`${CONNECTIONS}/${connection.id}`, { gitless_branching: true })).status).toBe(404);
    expect((await readOnly.patch(`${CONNECTIONS}/${connection.id}`, { gitless_branching: true })).status).toBe(403);
    expect((await org.developer.delete(`${CONNECTIONS}/${connection.id}`)).status).toBe(403);
    expect((await connectionsOf(org.owner)).body).toEqual([connection]);
  });

  it('checks a git branch in the connected repository', async () => {
    expect(await checkBranch(readOnly, 'main')).toEqual({ status: 200, body: { name: 'main', commit_sha: 'sha-of-main' } });
    expect(await checkBranch(readOnly, 'feature/login')).toEqual({
      status: 200,
      body: { name: 'feature/login', commit_sha: 'sha-of-feature/login' },
    });
    expect(await checkBranch(readOnly, 'nope')).toEqual({ status: 404, body: { message: 'Unable to find branch "nope" in acme/web' } });
    expect((await checkBranch(readOnly, 'main', 1)).status).toBe(404);
    expect(await whileGitHubIsDown(() => checkBranch(readOnly, 'main'))).toEqual({
      status: 502,
      body: { message: expect.stringMatching(/^GitHub is unreachable \(ECONNREFUSED\)$/) },
    });
  });
});

describe('preview branches of a connected project', () => {
  it('need an existing git branch while gitless branching is off', async () => {
    expect(await createBranch({ branch_name: 'no-git' })).toEqual({
      status: 400,
      body: { message: 'Git branch name is required when GitHub is connected' },
    });
    expect(await createBranch({ branch_name: 'missing', git_branch: 'nope' })).toEqual({
      status: 400,
      body: { message: 'Unable to find branch "nope" in acme/web' },
    });
    expect(await whileGitHubIsDown(() => createBranch({ branchName: 'offline', gitBranch: 'main' }))).toEqual({
      status: 502,
      body: { message: 'Failed to check GitHub branch: GitHub is unreachable (ECONNREFUSED)' },
    });
    expect((await org.owner.get(`/api/v1/projects/${parent.ref}/branches`)).body).toEqual([]);

    const created = await createBranch({ branchName: 'login', gitBranch: 'feature/login' });
    expect(created.status).toBe(201);
    expect((await org.owner.get(`/api/v1/projects/${parent.ref}/branches`)).body).toEqual([
      expect.objectContaining({ name: 'login', git_branch: 'feature/login', project_ref: created.body.project_ref }),
    ]);
  });

  it('may go without one when gitless branching is on, or once disconnected', async () => {
    const [connection] = (await connectionsOf(org.owner)).body;
    const updated = await org.owner.patch(`${CONNECTIONS}/${connection.id}`, { gitless_branching: true });
    expect(updated).toEqual({ status: 200, body: { ...connection, gitless_branching: true } });
    expect((await createBranch({ branch_name: 'gitless' })).status).toBe(201);
    // A git branch that is given is still checked.
    expect((await createBranch({ branch_name: 'checked', git_branch: 'nope' })).status).toBe(400);

    expect((await org.owner.delete(`${CONNECTIONS}/${connection.id}`)).status).toBe(204);
    expect((await connectionsOf(org.owner)).body).toEqual([]);
    expect((await platform.ctx.db.query('select 1 from github_connections')).rowCount).toBe(0);
    expect((await createBranch({ branch_name: 'unconnected', git_branch: 'anything' })).status).toBe(201);
  });

  it('deletes a branch as a project, and the parent no longer lists it', async () => {
    const listed: { name: string; project_ref: string }[] = (await org.owner.get(`/api/v1/projects/${parent.ref}/branches`)).body;
    const login = listed.find((branch) => branch.name === 'login')!;
    await waitForStatus(org.owner, login.project_ref, 'ACTIVE_HEALTHY');
    expect((await org.owner.delete(`/api/platform/projects/${login.project_ref}`)).status).toBe(200);
    await waitFor(
      () => org.owner.get(`/api/v1/projects/${parent.ref}/branches`),
      (answer) => !answer.body.some((branch: { name: string }) => branch.name === 'login'),
      60_000,
    );
    expect((await org.owner.get(`/api/platform/projects/${login.project_ref}`)).status).toBe(404);
  }, 120_000);
});
