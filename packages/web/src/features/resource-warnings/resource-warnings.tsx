import { lazy, Suspense } from 'react';
import { resourceBannerFor } from '@basin/core';
import { useResourceWarningsQuery } from '../../data/disk/use-resource-warnings-query';

const ResourceWarningBannerView = lazy(() => import('./resource-warning-banner-view'));

/** The resource warning banner above a project page, when the project has one for this page. */
export function ResourceWarnings({ projectRef, pathname, enabled }: { projectRef: string; pathname: string; enabled: boolean }) {
  const { data: warning } = useResourceWarningsQuery(projectRef, enabled);
  const banner = resourceBannerFor(warning, pathname);
  if (!banner) return null;
  return (
    <Suspense fallback={null}>
      <ResourceWarningBannerView
        projectRef={projectRef}
        banner={banner}
        autoscaleBlocked={warning?.disk_autoscale_blocked?.message ?? null}
      />
    </Suspense>
  );
}
