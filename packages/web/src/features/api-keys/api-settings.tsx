import { useParams } from 'react-router';
import { can } from '@basin/core';
import { useApiKeysLastUsedQuery } from '../../data/api-keys/use-api-keys-last-used-query';
import { useJwtSecretUpdateStatusQuery, useProjectSettingsQuery } from '../../data/api-keys/use-project-settings';
import { useOrganizationQuery } from '../../data/organizations/use-organization-query';
import { useProjectQuery } from '../../data/projects/use-project-query';
import { Page, PageHeader } from '../../ui/page';
import { ApiKeysPanel } from './api-keys-panel';
import { ConfigurationPanel } from './configuration-panel';
import { CustomDomainCard } from './custom-domain-card';
import { DataApiCard } from './data-api-card';

/**
 * /project/:ref/settings/api — the project's API URL, JWT secret, its anon and service_role keys,
 * its Data API settings and its custom domain.
 */
export function ApiSettings() {
  const { ref = '' } = useParams();
  const { data: project } = useProjectQuery(ref);
  const { data: organization } = useOrganizationQuery(project?.organization_slug);
  const role = organization?.role;
  const canReadKeys = role && can(role, 'service_api_keys:read');
  const settings = useProjectSettingsQuery(ref);
  const lastUsed = useApiKeysLastUsedQuery(ref, settings.data?.service_api_keys, { enabled: Boolean(canReadKeys) });
  const jwtStatus = useJwtSecretUpdateStatusQuery(ref);
  const status = jwtStatus.data?.status ?? settings.data?.jwtSecretUpdateStatus.status;
  const hostUrl = project?.apiUrls.find((url) => url.form === 'host')?.url;
  const canWriteSettings = Boolean(role && can(role, 'project.settings:write'));

  return (
    <Page>
      <PageHeader title="API settings" description="The URL and keys your applications use to reach this project's API." />
      <div className="flex flex-col gap-6">
        <ApiKeysPanel
          settings={settings.data}
          isError={settings.isError}
          canReadKeys={canReadKeys}
          jwtStatus={status}
          lastUsed={lastUsed}
        />
        <ConfigurationPanel
          projectRef={ref}
          otherUrl={project?.apiUrls[1]}
          settings={settings.data}
          isError={settings.isError}
          canRotate={canWriteSettings}
          updating={status === 'Updating'}
        />
        <DataApiCard projectRef={ref} canWrite={canWriteSettings} roleKnown={Boolean(role)} />
        <CustomDomainCard projectRef={ref} organization={organization} endpoint={hostUrl && new URL(hostUrl).host} />
      </div>
    </Page>
  );
}
