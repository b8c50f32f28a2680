import { ADDON_MESSAGES, AVAILABLE_ADDONS, LIFECYCLE_MESSAGES } from '@basin/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { query, startTestPlatform, statusOf, waitForStatus } from './harness.ts';
import { organization, projectWithRows, type Org, type ProjectWithRows } from './lifecycle-helpers.ts';

const sharedBuffers = async (connectionString: string) => (await query(connectionString, 'show shared_buffers')).rows[0].shared_buffers;

describe('project add-ons', () => {
  let platform: Awaited<ReturnType<typeof startTestPlatform>>;
  let org: Org;
  let project: ProjectWithRows;
  const addons = () => `/api/platform/projects/${project.ref}/billing/addons`;
  const select = (addon_type: string, addon_variant: string, client = org.owner) => client.post(addons(), { addon_type, addon_variant });

  beforeAll(async () => {
    platform = await startTestPlatform();
    org = await organization(platform.url);
    project = await projectWithRows(org, '17', 10);
  });
  afterAll(() => platform?.destroy());

  it('lists no compute add-on on the default size, and every variant per type', async () => {
    expect(await org.developer.get(addons())).toEqual({
      status: 200,
      body: { ref: project.ref, selected_addons: [], available_addons: AVAILABLE_ADDONS },
    });
    const compute = AVAILABLE_ADDONS.find((addon) => addon.type === 'compute_instance')!;
    expect(compute.variants[2]).toEqual({
      identifier: 'ci_small',
      name: 'Small',
      price: 0.0206,
      price_interval: 'hourly',
      price_type: 'usage',
    });
  });

  it('refuses PITR, unknown variants and unknown types, changing nothing', async () => {
    expect(await select('pitr', 'pitr_7')).toEqual({ status: 400, body: { message: ADDON_MESSAGES.pitrNeedsCompute } });
    expect(await select('compute_instance', 'ci_huge')).toEqual({
      status: 400,
      body: { message: LIFECYCLE_MESSAGES.unknownComputeSize('ci_huge') },
    });
    expect(await select('ipv4', 'ipv4_default')).toEqual({ status: 400, body: { message: ADDON_MESSAGES.unknownType } });
    expect(await org.owner.delete(`${addons()}/ci_small`)).toEqual({
      status: 400,
      body: { message: ADDON_MESSAGES.notSelected('ci_small') },
    });
    expect(await select('compute_instance', 'ci_small', org.developer)).toEqual({
      status: 403,
      body: { message: LIFECYCLE_MESSAGES.resizeForbidden },
    });
    expect(await statusOf(org.owner, project.ref)).toBe('ACTIVE_HEALTHY');
    expect((await org.owner.get(addons())).body.selected_addons).toEqual([]);
  });

  it('choosing a compute variant resizes the instance; removing it goes back to micro', async () => {
    const chosen = await select('compute_instance', 'ci_small');
    expect(chosen.status).toBe(202);
    expect(chosen.body.selected_addons).toEqual([
      {
        type: 'compute_instance',
        variant: { identifier: 'ci_small', name: 'Small', price: 0.0206, price_interval: 'hourly', price_type: 'usage' },
      },
    ]);
    expect(await statusOf(org.owner, project.ref)).toBe('RESIZING');
    expect((await select('compute_instance', 'ci_medium')).status).toBe(409);
    await waitForStatus(org.owner, project.ref, 'ACTIVE_HEALTHY');
    expect(await sharedBuffers(project.connectionString)).toBe('64MB');
    expect((await org.owner.get(`/api/platform/projects/${project.ref}`)).body.infra_compute_size).toBe('small');
    expect(
      (await org.developer.get(addons())).body.selected_addons.map(
        (addon: { variant: { identifier: string } }) => addon.variant.identifier,
      ),
    ).toEqual(['ci_small']);

    expect(await org.owner.delete(`${addons()}/ci_medium`)).toEqual({
      status: 400,
      body: { message: ADDON_MESSAGES.notSelected('ci_medium') },
    });
    expect((await org.developer.delete(`${addons()}/ci_small`)).status).toBe(403);
    const removed = await org.owner.delete(`${addons()}/ci_small`);
    expect(removed).toMatchObject({ status: 202, body: { selected_addons: [] } });
    await waitForStatus(org.owner, project.ref, 'ACTIVE_HEALTHY');
    expect(await sharedBuffers(project.connectionString)).toBe('32MB');
    expect((await org.owner.get(`/api/platform/projects/${project.ref}`)).body.infra_compute_size).toBe('micro');
    expect((await org.owner.get(addons())).body.selected_addons).toEqual([]);
  });

  it('publishes the three routes in the OpenAPI document', async () => {
    const document = (await org.owner.get('/api/platform/openapi.json')).body;
    expect(Object.keys(document.paths['/projects/{ref}/billing/addons'])).toEqual(['get', 'post']);
    expect(Object.keys(document.paths['/projects/{ref}/billing/addons/{addon_variant}'])).toEqual(['delete']);
  });
});
