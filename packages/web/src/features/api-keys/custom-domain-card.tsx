import type { Organization } from '@basin/core/schemas';
import { useCustomHostnameQuery } from '../../data/api-keys/use-custom-hostname-query';
import { Alert } from '../../ui/alert';
import { Card } from '../../ui/card';
import { Skeleton } from '../../ui/skeleton';
import { UpgradeToProButton } from '../project-status/upgrade-to-pro-button';

export const CUSTOM_DOMAIN_TEXTS = {
  failed: 'Failed to retrieve the custom domain',
  notAllowed:
    'Custom domains are available on paid plans. Upgrade to serve the project API from a domain of your own, such as api.example.com.',
  notConfigured: 'No custom domain is configured. Basin is self-hosted: it cannot issue TLS certificates or DNS records for a domain.',
  howTo: (endpoint: string) =>
    `To use one, point your domain's DNS at this server and run a reverse proxy (Caddy or nginx, for example) that terminates TLS and forwards requests with the Host header ${endpoint}.`,
} as const;

/** The project's custom domain: an upgrade on the free plan, otherwise how to set one up in front of Basin. */
export function CustomDomainCard({
  projectRef,
  organization,
  endpoint,
}: {
  projectRef: string;
  organization: Organization | undefined;
  /** The project's API host, `{ref}.{BASIN_DOMAIN}`. */
  endpoint: string | undefined;
}) {
  const hostname = useCustomHostnameQuery(projectRef);

  return (
    <Card>
      <Card.Header>
        <Card.Title>Custom domains</Card.Title>
      </Card.Header>
      <Card.Content className="flex flex-col gap-3 py-4">
        {hostname.isError ? (
          <Alert tone="danger" title={CUSTOM_DOMAIN_TEXTS.failed} />
        ) : !hostname.data || !organization ? (
          <Skeleton className="h-12 w-full" />
        ) : hostname.data.status === '0_not_allowed' ? (
          <>
            <p className="text-[13px] text-muted">{CUSTOM_DOMAIN_TEXTS.notAllowed}</p>
            <div>
              <UpgradeToProButton organization={organization} projectRef={projectRef} source="customDomain" />
            </div>
          </>
        ) : (
          <Alert tone="info" title={CUSTOM_DOMAIN_TEXTS.notConfigured}>
            {endpoint ? CUSTOM_DOMAIN_TEXTS.howTo(endpoint) : null}
          </Alert>
        )}
      </Card.Content>
    </Card>
  );
}
