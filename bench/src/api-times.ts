/**
 * The data and auth APIs under load on a platform of their own with the default log level, so
 * that the CPU time each request costs is the platform's alone; the load comes from a third
 * process (load-process.ts).
 */
import { authApiTimes } from './auth-api-times.ts';
import { onChildPlatform } from './child-platform-run.ts';
import { dataApiTimes } from './data-api-times.ts';
import { graphqlTimes } from './graphql-times.ts';
import { projectAccess } from './project-access.ts';
import type { TableRow } from './table.ts';
import { createUntilHealthy } from './time-to-healthy.ts';

export function apiTimes(load: { connections: number; seconds: number }): Promise<TableRow[]> {
  return onChildPlatform('Bench APIs', { LOG_LEVEL: 'info' }, async ({ child, api, slug }) => {
    const data = await createUntilHealthy(api, slug, 'Data API');
    const auth = await createUntilHealthy(api, slug, 'Auth API');
    const measured = { ...load, platformPid: child.process.pid! };
    return [
      ...(await dataApiTimes(child.url, await projectAccess(api, data.ref), measured)),
      ...(await graphqlTimes(child.url, await projectAccess(api, data.ref))),
      ...(await authApiTimes(api, child.url, await projectAccess(api, auth.ref), measured)),
    ];
  });
}
