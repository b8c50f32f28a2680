import { z } from 'zod';

/** How long one GitHub call may take before it counts as unreachable. */
export const GITHUB_TIMEOUT_MS = 10_000;
const API_VERSION = '2022-11-28';

const Repository = z.object({ id: z.number().int(), full_name: z.string(), default_branch: z.string() });
export type GitHubRepository = z.infer<typeof Repository>;

const Branch = z.object({ name: z.string(), commit: z.object({ sha: z.string() }) });

/**
 * A call GitHub did not answer as hoped: `unauthorized` when it refused the token (401),
 * `failed` when it could not be reached, timed out or answered with another error.
 */
export class GitHubError extends Error {
  constructor(
    readonly kind: 'unauthorized' | 'failed',
    message: string,
  ) {
    super(message);
  }
}

/** The few calls of the GitHub REST API Basin makes, as the owner of one token. */
export class GitHubClient {
  constructor(
    private readonly baseUrl: string,
    private readonly token: string,
    private readonly timeoutMs = GITHUB_TIMEOUT_MS,
  ) {}

  /** GET /repos/{owner}/{repo}; undefined when no such repository is visible to the token. */
  async repository(owner: string, repo: string): Promise<GitHubRepository | undefined> {
    const body = await this.get(`/repos/${encodeURIComponent(owner)}/${encodeURIComponent(repo)}`);
    return body === undefined ? undefined : this.parse(Repository, body);
  }

  /** GET /repositories/{id}/branches/{name}; undefined when the branch does not exist. */
  async branch(repositoryId: number, name: string): Promise<{ name: string; commit_sha: string } | undefined> {
    const body = await this.get(`/repositories/${repositoryId}/branches/${encodeURIComponent(name)}`);
    if (body === undefined) return undefined;
    const branch = this.parse(Branch, body);
    return { name: branch.name, commit_sha: branch.commit.sha };
  }

  /** The answer's JSON, or undefined for a 404. */
  private async get(path: string): Promise<unknown> {
    let response: Response;
    try {
      response = await fetch(`${this.baseUrl}${path}`, {
        headers: {
          accept: 'application/vnd.github+json',
          authorization: `Bearer ${this.token}`,
          'x-github-api-version': API_VERSION,
          'user-agent': 'Basin',
        },
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (error) {
      throw new GitHubError('failed', unreachableMessage(error, this.timeoutMs));
    }
    if (response.status === 404) return undefined;
    const body: unknown = await response.json().catch(() => undefined);
    const message = githubMessage(body) ?? `status ${response.status}`;
    if (response.status === 401) throw new GitHubError('unauthorized', message);
    if (!response.ok) throw new GitHubError('failed', `GitHub answered ${response.status}: ${message}`);
    return body;
  }

  private parse<T>(schema: z.ZodType<T>, body: unknown): T {
    const parsed = schema.safeParse(body);
    if (!parsed.success) throw new GitHubError('failed', 'GitHub answered with an unexpected body');
    return parsed.data;
  }
}

function githubMessage(body: unknown): string | undefined {
  const message = (body as { message?: unknown } | undefined)?.message;
  return typeof message === 'string' && message ? message : undefined;
}

/** fetch throws a TimeoutError after the deadline, a TypeError with the socket error as cause otherwise. */
function unreachableMessage(error: unknown, timeoutMs: number): string {
  if (error instanceof Error && error.name === 'TimeoutError') return `GitHub did not answer within ${timeoutMs / 1000} s`;
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return `GitHub is unreachable (${cause?.code ?? cause?.message ?? (error as Error).message})`;
}
