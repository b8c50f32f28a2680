import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A repository the stand-in knows, with the names of its branches. */
export interface StandInRepository {
  id: number;
  full_name: string;
  default_branch: string;
  branches: string[];
}

/** What the platform sent: enough to check the headers GitHub expects. */
export interface StandInRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
}

export interface GitHubStandIn {
  url: string;
  requests: StandInRequest[];
  /** Stops listening (and drops open connections): GitHub is unreachable until start(). */
  stop(): Promise<void>;
  /** Listens again on the same port. */
  start(): Promise<void>;
}

/**
 * A local HTTP server playing the GitHub REST API for the two calls Basin makes (GET
 * /repos/{owner}/{repo} and GET /repositories/{id}/branches/{name}), answering like GitHub:
 * 401 'Bad credentials' for any other token, 404 'Not Found' for what it does not know.
 */
export async function startGitHubStandIn(token: string, repositories: StandInRepository[]): Promise<GitHubStandIn> {
  const requests: StandInRequest[] = [];
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://stand-in').pathname;
    requests.push({ method: request.method ?? 'GET', path, headers: request.headers });
    if (request.headers.authorization !== `Bearer ${token}`) return send(response, 401, { message: 'Bad credentials' });
    const found = answer(repositories, path);
    return found ? send(response, 200, found) : send(response, 404, { message: 'Not Found' });
  });
  let port = 0;
  const start = () =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        port = (server.address() as AddressInfo).port;
        resolve();
      });
    });
  await start();
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    start,
    stop: () => close(server),
  };
}

function answer(repositories: StandInRepository[], path: string): object | undefined {
  const repo = /^\/repos\/([^/]+)\/([^/]+)$/.exec(path);
  if (repo) {
    const fullName = `${decodeURIComponent(repo[1]!)}/${decodeURIComponent(repo[2]!)}`.toLowerCase();
    const found = repositories.find((r) => r.full_name.toLowerCase() === fullName);
    return found && { id: found.id, full_name: found.full_name, default_branch: found.default_branch, private: true };
  }
  const branch = /^\/repositories\/(\d+)\/branches\/(.+)$/.exec(path);
  if (branch) {
    const name = decodeURIComponent(branch[2]!);
    const found = repositories.find((r) => r.id === Number(branch[1]))?.branches.includes(name);
    return found ? { name, commit: { sha: `sha-of-${name}` }, protected: false } : undefined;
  }
  return undefined;
}

function send(response: ServerResponse, status: number, body: object): void {
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  response.end(JSON.stringify(body));
}

function close(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}
