import type { Queryable } from './db.ts';

export interface GitHubConnectionRow {
  id: number;
  organization_id: number;
  project_ref: string;
  repository_id: number;
  /** owner/repo */
  repository_name: string;
  /** Sealed with the platform's SecretBox. */
  token: string;
  gitless_branching: boolean;
  created_at: Date;
}

export type NewGitHubConnection = Pick<GitHubConnectionRow, 'organization_id' | 'repository_id' | 'repository_name' | 'token'> & {
  project_id: number;
};

// repository_id is a bigint, which pg answers as text: GitHub's ids fit a double.
const COLUMNS = `g.id, g.organization_id, p.ref as project_ref, g.repository_id::float8 as repository_id, g.repository_name,
  g.token, g.gitless_branching, g.created_at`;
const FROM = 'github_connections g join projects p on p.id = g.project_id';

export async function listForOrganization(db: Queryable, organizationId: number): Promise<GitHubConnectionRow[]> {
  const { rows } = await db.query<GitHubConnectionRow>(
    `select ${COLUMNS} from ${FROM} where g.organization_id = $1 order by g.created_at, g.id`,
    [organizationId],
  );
  return rows;
}

export async function findById(db: Queryable, id: number): Promise<GitHubConnectionRow | undefined> {
  const { rows } = await db.query<GitHubConnectionRow>(`select ${COLUMNS} from ${FROM} where g.id = $1`, [id]);
  return rows[0];
}

export async function findForProject(db: Queryable, projectId: number): Promise<GitHubConnectionRow | undefined> {
  const { rows } = await db.query<GitHubConnectionRow>(`select ${COLUMNS} from ${FROM} where g.project_id = $1`, [projectId]);
  return rows[0];
}

/** The newest connection to the repository in one of the user's organizations. */
export async function findForRepositoryAndUser(
  db: Queryable,
  repositoryId: number,
  userId: string,
): Promise<GitHubConnectionRow | undefined> {
  const { rows } = await db.query<GitHubConnectionRow>(
    `select ${COLUMNS} from ${FROM} join members m on m.organization_id = g.organization_id and m.user_id = $2
     where g.repository_id = $1 order by g.created_at desc, g.id desc limit 1`,
    [repositoryId, userId],
  );
  return rows[0];
}

/** The new connection's id; throws the unique violation (23505) when the project is connected already. */
export async function insert(db: Queryable, connection: NewGitHubConnection): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    `insert into github_connections (organization_id, project_id, repository_id, repository_name, token)
     values ($1, $2, $3, $4, $5) returning id`,
    [connection.organization_id, connection.project_id, connection.repository_id, connection.repository_name, connection.token],
  );
  return rows[0]!.id;
}

export async function setGitlessBranching(db: Queryable, id: number, enabled: boolean): Promise<void> {
  await db.query('update github_connections set gitless_branching = $2 where id = $1', [id, enabled]);
}

export async function remove(db: Queryable, id: number): Promise<void> {
  await db.query('delete from github_connections where id = $1', [id]);
}
