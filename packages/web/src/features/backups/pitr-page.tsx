import { History } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { ADDON_MESSAGES } from '@basin/core';
import { useProjectAddonsQuery } from '../../data/addons/use-project-addons-query';
import { Card } from '../../ui/card';
import { Page, PageHeader } from '../../ui/page';
import { UpgradeBanner, useUpgradePrompt } from '../billing/upgrade-prompt';
import { BackupsTabs } from './backups-tabs';

/** `&source=` of the prompt's links from this page. */
export const PITR_PROMPT_SOURCE = 'backupsPitr';

export const PITR_UNAVAILABLE_TITLE = 'Point-in-time recovery is not available until WAL archiving is set up';

/**
 * /project/:ref/database/backups/pitr — point in time recovery. It needs the server's write-ahead
 * log archived continuously, which Basin does not do yet: the page says so, shows what protects
 * the data meanwhile, and carries the upgrade prompt of spec part 2 §2 for the `pitr` add-on.
 */
export function PitrPage() {
  const { ref = '' } = useParams();
  const addons = useProjectAddonsQuery(ref);
  const hasAddon = addons.data ? addons.data.selected_addons.some((addon) => addon.type === 'pitr') : undefined;
  const prompt = useUpgradePrompt({ projectRef: ref, addon: 'pitr', hasAddon, source: PITR_PROMPT_SOURCE });

  return (
    <Page>
      <PageHeader title="Backups" description="Restore the database to a point in time, down to the second." />
      <BackupsTabs projectRef={ref} />
      <div className="flex flex-col gap-6">
        <UpgradeBanner title={PITR_UNAVAILABLE_TITLE} prompt={prompt} icon={<History className="size-5" aria-hidden="true" />}>
          <p>{ADDON_MESSAGES.pitrUnavailable}</p>
        </UpgradeBanner>
        <Card>
          <Card.Header>
            <Card.Title>What protects the data meanwhile</Card.Title>
          </Card.Header>
          <Card.Content className="flex flex-col gap-2 py-4 text-[13px] text-muted">
            <p>
              A physical backup of the whole data directory is taken every day at 03:00 UTC and whenever the project is paused; the newest
              seven of each kind are kept. Any of them can be downloaded or restored, also onto a newer Postgres major.
            </p>
            <p>
              Point in time recovery would add the write-ahead log between those backups, so that a restore could stop at any second (just
              before a bad migration, say) rather than at the last backup.
            </p>
            <p>
              <Link to={`/project/${ref}/database/backups/scheduled`} className="text-accent hover:underline">
                Scheduled backups
              </Link>
              {' · '}
              <Link to={`/project/${ref}/settings/addons?panel=pitr`} className="text-accent hover:underline">
                Add-ons
              </Link>
            </p>
          </Card.Content>
        </Card>
      </div>
    </Page>
  );
}
