import { History } from 'lucide-react';
import { Link } from 'react-router';
import { useProjectAddonsQuery } from '../../data/addons/use-project-addons-query';
import { UpgradeBanner, useUpgradePrompt } from '../billing/upgrade-prompt';
import { selectedPitrDays } from '../addons/pitr-addon';
import { PITR_PROMPT_SOURCE } from './pitr-prompt';

export const PITR_OFF_TITLE = 'Point in time recovery is off';

/** PITR off: what it would give, with the upgrade prompt of spec part 2 §2 for the `pitr` add-on. */
export function PitrOffBanner({ projectRef }: { projectRef: string }) {
  const addons = useProjectAddonsQuery(projectRef);
  const hasAddon = addons.data ? selectedPitrDays(addons.data.selected_addons) !== null : undefined;
  const prompt = useUpgradePrompt({ projectRef, addon: 'pitr', hasAddon, source: PITR_PROMPT_SOURCE });
  return (
    <UpgradeBanner title={PITR_OFF_TITLE} prompt={prompt} icon={<History className="size-5" aria-hidden="true" />}>
      <p>
        With the point in time recovery add-on, the database can be restored, or a branch started, at any second of the last 7, 14 or 28
        days, not only at a daily backup. It needs a paid plan and at least Small compute.
      </p>
      <p className="mt-1">
        Until then the data is covered by the{' '}
        <Link to={`/project/${projectRef}/database/backups/scheduled`} className="text-accent hover:underline">
          Scheduled backups
        </Link>
        .
      </p>
    </UpgradeBanner>
  );
}
