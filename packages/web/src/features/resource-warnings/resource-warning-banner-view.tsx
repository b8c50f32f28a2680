import { Link } from 'react-router';
import type { ResourceBanner } from '@basin/core';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { BANNER_TEXTS, bannerText } from './banner-texts';

/**
 * The banner itself, loaded only when a project has a warning (keeps the project home light), with
 * why a full disk does not grow by itself when that is so (set only past 90%, so with a disk banner).
 */
export default function ResourceWarningBannerView({
  projectRef,
  banner,
  autoscaleBlocked,
}: {
  projectRef: string;
  banner: ResourceBanner;
  autoscaleBlocked: string | null;
}) {
  const text = bannerText(banner.resource, banner.level);
  const { action, learnMore } = BANNER_TEXTS[banner.resource];
  return (
    <Alert tone={banner.level === 'critical' ? 'danger' : 'warning'} title={text.title} className="mx-4 mt-4">
      <p>{text.description}</p>
      {autoscaleBlocked ? <p>{autoscaleBlocked}</p> : null}
      <div className="mt-2 flex gap-2">
        <Button asChild size="sm">
          <a href={learnMore} target="_blank" rel="noreferrer">
            Learn more
          </a>
        </Button>
        <Button asChild size="sm" variant={banner.level === 'critical' ? 'danger' : 'primary'}>
          <Link to={`/project/${projectRef}${action.path}`}>{action.label}</Link>
        </Button>
      </div>
    </Alert>
  );
}
