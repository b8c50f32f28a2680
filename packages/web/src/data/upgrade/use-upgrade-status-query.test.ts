import { describe, expect, it } from 'vitest';
import { PROJECT_REF } from '../../test/fixtures';
import { json, mockApi } from '../../test/mock-api';
import { infrastructureKeys } from '../infrastructure/keys';
import { createQueryClient } from '../query-client';
import { upgradeKeys } from './keys';
import { getUpgradeStatus } from './use-upgrade-status-query';

describe('the upgrade status', () => {
  it('refreshes the infrastructure page (its upgrade target) once the upgrade is done', async () => {
    const queryClient = createQueryClient({ retry: false });
    queryClient.setQueryData(infrastructureKeys.detail(PROJECT_REF), { postgres: { upgrade_target_major: '17' } });
    queryClient.setQueryData(upgradeKeys.status(PROJECT_REF), { databaseUpgradeStatus: { status: 'Upgrading' } });
    mockApi({ [`GET /api/v1/projects/${PROJECT_REF}/upgrade/status`]: json({ databaseUpgradeStatus: { status: 'Upgraded', progress: '9_completed_upgrade' } }) });

    await getUpgradeStatus(PROJECT_REF, queryClient);
    expect(queryClient.getQueryState(infrastructureKeys.detail(PROJECT_REF))?.isInvalidated).toBe(true);
  });
});
