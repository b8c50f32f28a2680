import { GITHUB_MESSAGES, gitBranchError, gitBranchNotFoundMessage, type Role } from '@basin/core';
import type { CreateGitHubConnectionBody, GitHubBranch, GitHubConnection, UpdateGitHubConnectionBody } from '@basin/core/schemas';
import { badRequest, HttpError, notFound } from '../../kernel/errors.ts';
import * as connections from '../../store/github-connections.ts';
import * as members from '../../store/members.ts';
import { requirePermission, requireProject } from '../organizations/access.ts';
import type { PlatformContext } from '../../kernel/context.ts';
import { GitHubClient, GitHubError, type GitHubRepository } from './github-client.ts';

const CONNECTION = 'GitHub connection';

function toConnection(row: connections.GitHubConnectionRow): GitHubConnection {
  return {
    id: row.id,
    created_at: row.created_at.toISOString(),
    project: { ref: row.project_ref },
    repository: { id: row.repository_id, name: row.repository_name },
    gitless_branching: row.gitless_branching,
  };
}

/** The user's role in the organization; 404 (as `what`) for non-members. */
async function requireMember(ctx: PlatformContext, organizationId: number, userId: string, what: string): Promise<Role> {
  const member = await members.find(ctx.db, organizationId, userId);
  if (!member) throw notFound(what);
  return member.role;
}

/** The connection, for a member of its organization allowed to manage connections. */
async function requireWritableConnection(ctx: PlatformContext, id: number, userId: string) {
  const row = await connections.findById(ctx.db, id);
  if (!row) throw notFound(CONNECTION);
  const role = await requireMember(ctx, row.organization_id, userId, CONNECTION);
  requirePermission(role, 'integrations.github_connections:write', GITHUB_MESSAGES.writeForbidden);
  return row;
}

/** What went wrong, in words for the user: a refused token says so. */
function failureMessage(error: GitHubError): string {
  return error.kind === 'unauthorized' ? GITHUB_MESSAGES.tokenRefused(error.message) : error.message;
}

const ownerAndRepo = (fullName: string) => fullName.split('/') as [string, string];

/** Every member reads the organization's connections (never their tokens). */
export async function listConnections(ctx: PlatformContext, userId: string, organizationId: number): Promise<GitHubConnection[]> {
  await requireMember(ctx, organizationId, userId, 'Organization');
  return (await connections.listForOrganization(ctx.db, organizationId)).map(toConnection);
}

/**
 * Connects one project of the organization to a repository, once GitHub has shown the token
 * sees it; the token is stored sealed. A project has one connection at most.
 */
export async function createConnection(ctx: PlatformContext, userId: string, body: CreateGitHubConnectionBody): Promise<GitHubConnection> {
  const role = await requireMember(ctx, body.organization_id, userId, 'Organization');
  requirePermission(role, 'integrations.github_connections:write', GITHUB_MESSAGES.writeForbidden);
  const project = await requireProject(ctx.db, body.project_ref, userId);
  if (project.organization_id !== body.organization_id) throw badRequest(GITHUB_MESSAGES.projectElsewhere);
  if (project.parent_project_ref) throw badRequest(GITHUB_MESSAGES.branchProject);
  if (await connections.findForProject(ctx.db, project.id)) throw badRequest(GITHUB_MESSAGES.projectConnected);

  const repository = await lookUpRepository(ctx, body.token, body.repository);

  let id: number;
  try {
    id = await connections.insert(ctx.db, {
      organization_id: body.organization_id,
      project_id: project.id,
      repository_id: repository.id,
      repository_name: repository.full_name,
      token: ctx.box.seal(body.token),
    });
  } catch (error) {
    // Two connections of the same project at once: the unique index decides.
    if ((error as { code?: string }).code === '23505') throw badRequest(GITHUB_MESSAGES.projectConnected);
    throw error;
  }
  return toConnection((await connections.findById(ctx.db, id))!);
}

/** The repository as GitHub names it: 400 when the token is refused or cannot see it, 502 when GitHub fails. */
async function lookUpRepository(ctx: PlatformContext, token: string, fullName: string): Promise<GitHubRepository> {
  let repository: GitHubRepository | undefined;
  try {
    repository = await new GitHubClient(ctx.config.githubApiUrl, token).repository(...ownerAndRepo(fullName));
  } catch (error) {
    if (!(error instanceof GitHubError)) throw error;
    if (error.kind === 'unauthorized') throw badRequest(failureMessage(error));
    throw new HttpError(502, error.message);
  }
  if (!repository) throw badRequest(GITHUB_MESSAGES.repositoryNotFound(fullName));
  return repository;
}

export async function updateConnection(
  ctx: PlatformContext,
  userId: string,
  id: number,
  body: UpdateGitHubConnectionBody,
): Promise<GitHubConnection> {
  await requireWritableConnection(ctx, id, userId);
  await connections.setGitlessBranching(ctx.db, id, body.gitless_branching);
  return toConnection((await connections.findById(ctx.db, id))!);
}

export async function deleteConnection(ctx: PlatformContext, userId: string, id: number): Promise<void> {
  await requireWritableConnection(ctx, id, userId);
  await connections.remove(ctx.db, id);
}

/**
 * Whether the branch exists in a repository connected in one of the user's organizations:
 * 404 'Unable to find branch …' when it does not, 502 with GitHub's failure when GitHub fails.
 */
export async function checkBranch(ctx: PlatformContext, userId: string, repositoryId: number, branchName: string): Promise<GitHubBranch> {
  const row = await connections.findForRepositoryAndUser(ctx.db, repositoryId, userId);
  if (!row) throw notFound(CONNECTION);
  const branch = await lookUpBranch(ctx, row, branchName, (message) => message);
  if (!branch) throw new HttpError(404, gitBranchNotFoundMessage(branchName, ...ownerAndRepo(row.repository_name)));
  return branch;
}

/**
 * The git branch rule of a new preview branch (spec part 1 §5): required when the parent project
 * is connected and gitless branching is off; when given to a connected project, it must exist
 * in the repository.
 */
export async function checkGitBranch(ctx: PlatformContext, projectId: number, gitBranch: string | null): Promise<void> {
  const connection = await connections.findForProject(ctx.db, projectId);
  const missing = gitBranchError(gitBranch ?? '', {
    githubConnected: connection !== undefined,
    gitlessBranching: connection?.gitless_branching ?? false,
  });
  if (missing) throw badRequest(missing);
  if (!connection || !gitBranch) return;
  const branch = await lookUpBranch(ctx, connection, gitBranch, GITHUB_MESSAGES.checkBranchFailed);
  if (!branch) throw badRequest(gitBranchNotFoundMessage(gitBranch, ...ownerAndRepo(connection.repository_name)));
}

/** The branch in the connection's repository, undefined when missing; a GitHub failure is a 502 worded by `describe`. */
async function lookUpBranch(
  ctx: PlatformContext,
  row: connections.GitHubConnectionRow,
  name: string,
  describe: (message: string) => string,
): Promise<GitHubBranch | undefined> {
  try {
    return await new GitHubClient(ctx.config.githubApiUrl, ctx.box.open(row.token)).branch(row.repository_id, name);
  } catch (error) {
    if (error instanceof GitHubError) throw new HttpError(502, describe(failureMessage(error)));
    throw error;
  }
}
