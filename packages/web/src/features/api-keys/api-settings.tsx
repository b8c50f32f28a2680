import { useParams } from 'react-router';
import { can } from '@basin/core';
import { useJwtSecretUpdateStatusQuery, useProjectSettingsQuery } from '../../data/api-keys/use-project-settings';
import { useProjectRole } from '../../data/use-project-role';
import { Page, PageHeader } from '../../ui/page';
import { ApiKeysPanel } from './api-keys-panel';
import { ConfigurationPanel } from './configuration-panel';

/** /project/:ref/settings/api — the project's API URL, JWT secret and its anon and service_role keys. */
export function ApiSettings() {
  const { ref = '' } = useParams();
  const role = useProjectRole(ref);
  const settings = useProjectSettingsQuery(ref);
  const jwtStatus = useJwtSecretUpdateStatusQuery(ref);
  const status = jwtStatus.data?.status ?? settings.data?.jwtSecretUpdateStatus.status;

  return (
    <Page>
      <PageHeader title="API settings" description="The URL and keys your applications use to reach this project's API." />
      <div className="flex flex-col gap-6">
        <ApiKeysPanel
          settings={settings.data}
          isError={settings.isError}
          canReadKeys={role && can(role, 'service_api_keys:read')}
          jwtStatus={status}
        />
        <ConfigurationPanel
          projectRef={ref}
          settings={settings.data}
          isError={settings.isError}
          canRotate={Boolean(role && can(role, 'project.settings:write'))}
          updating={status === 'Updating'}
        />
      </div>
    </Page>
  );
}
