import { z } from 'zod';
import { GITHUB_MESSAGES } from '../github-messages.ts';
import { REPOSITORY_NAME_PATTERN } from '../rules/github.ts';
import { ProjectRef } from './common.ts';

export const RepositoryFullName = z.string().trim().regex(REPOSITORY_NAME_PATTERN, GITHUB_MESSAGES.repositoryFormat);

/**
 * A project connected to a GitHub repository (spec part 1 §3: project.ref, repository.id and
 * repository.name as owner/repo); id, created_at and gitless_branching are Basin's. The token
 * is write-only: no answer carries it.
 */
export const GitHubConnection = z
  .object({
    id: z.number().int(),
    created_at: z.string(),
    project: z.object({ ref: ProjectRef }),
    repository: z.object({ id: z.number().int(), name: z.string() }),
    /** Branches of this project may be created without a git branch. */
    gitless_branching: z.boolean(),
  })
  .meta({ id: 'GitHubConnection' });
export type GitHubConnection = z.infer<typeof GitHubConnection>;

export const GitHubConnectionsQuery = z.object({
  organization_id: z.coerce.number({ error: 'organization_id is required' }).int().positive(),
});

export const CreateGitHubConnectionBody = z
  .object({
    organization_id: z.number().int().positive(),
    project_ref: ProjectRef,
    /** owner/repo */
    repository: RepositoryFullName,
    // It travels in an Authorization header, which holds visible ASCII only.
    token: z
      .string({ error: GITHUB_MESSAGES.tokenRequired })
      .trim()
      .min(1, GITHUB_MESSAGES.tokenRequired)
      .max(1000)
      .regex(/^[\x21-\x7e]+$/, GITHUB_MESSAGES.tokenCharacters),
  })
  .meta({ id: 'CreateGitHubConnectionBody' });
export type CreateGitHubConnectionBody = z.infer<typeof CreateGitHubConnectionBody>;

export const UpdateGitHubConnectionBody = z.object({ gitless_branching: z.boolean() }).meta({ id: 'UpdateGitHubConnectionBody' });
export type UpdateGitHubConnectionBody = z.infer<typeof UpdateGitHubConnectionBody>;

export const GitHubConnectionId = z.coerce.number().int().positive();

/** The answer of the branch check: the branch exists, at this commit. */
export const GitHubBranch = z.object({ name: z.string(), commit_sha: z.string() }).meta({ id: 'GitHubBranch' });
export type GitHubBranch = z.infer<typeof GitHubBranch>;
