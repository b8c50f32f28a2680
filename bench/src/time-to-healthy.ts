import type { ApiClient } from '../../packages/server/test/harness.ts';

export const POLL_MS = 50;
const TIMEOUT_MS = 120_000;

/**
 * Creates a project and polls its status until ACTIVE_HEALTHY, as the dashboard's setup screen
 * does (only faster, to time it). Returns the ref and the milliseconds from the create call.
 */
export async function createUntilHealthy(api: ApiClient, organizationSlug: string, name: string): Promise<{ ref: string; ms: number }> {
  const started = performance.now();
  const created = await api.post<{ ref: string }>('/api/platform/projects', {
    name,
    organization_slug: organizationSlug,
    region: 'local',
    postgres_engine: '17',
    release_channel: 'ga',
  });
  if (created.status !== 201) throw new Error(`create project: ${created.status} ${JSON.stringify(created.body)}`);
  const { ref } = created.body;

  for (;;) {
    const answer = await api.get<{ status: string; message?: string }>(`/api/platform/projects/${ref}/status`);
    if (answer.body.status === 'ACTIVE_HEALTHY') return { ref, ms: performance.now() - started };
    if (answer.status !== 200 || answer.body.status.endsWith('FAILED')) {
      throw new Error(`project ${ref}: ${answer.status} ${JSON.stringify(answer.body)}`);
    }
    if (performance.now() - started > TIMEOUT_MS) throw new Error(`project ${ref} not healthy after ${TIMEOUT_MS} ms`);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}
