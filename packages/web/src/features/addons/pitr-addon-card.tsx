import { History } from 'lucide-react';
import { Link } from 'react-router';
import type { Organization, Project, ProjectAddonsResponse } from '@basin/core/schemas';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { Sheet } from '../../ui/sheet';
import { SettingsRow } from '../project-settings/settings-row';
import { selectedPitrDays } from './pitr-addon';
import { PitrAddonPanel } from './pitr-addon-panel';

/** The add-on's state: restarting into it, its window, or off. */
function PitrBadge({ days, restarting }: { days: number | null; restarting: boolean }) {
  if (restarting) return <Badge tone="warning">Restarting</Badge>;
  return days === null ? <Badge>Off</Badge> : <Badge tone="success">{days} days</Badge>;
}

/** Point in time recovery: the window the project keeps, and the panel (`?panel=pitr`) that changes it. */
export function PitrAddonCard({
  project,
  organization,
  addons,
  open,
  onOpenChange,
}: {
  project: Project | undefined;
  organization: Organization | undefined;
  addons: ProjectAddonsResponse;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const days = selectedPitrDays(addons.selected_addons);
  const restarting = project?.status === 'RESTARTING';
  return (
    <Card>
      <Card.Header>
        <Card.Title>Point in time recovery</Card.Title>
        <PitrBadge days={days} restarting={restarting} />
      </Card.Header>
      <SettingsRow
        title={days === null ? 'Restore the database to any second' : `Any second of the last ${days} days can be recovered`}
        description={
          <>
            {restarting ? 'The database is restarting with the new setting. ' : null}
            {days === null ? 'Off: the data is covered by the daily ' : 'Restore or branch from it on the '}
            <Link
              to={`/project/${addons.ref}/database/backups/${days === null ? 'scheduled' : 'pitr'}`}
              className="text-accent hover:underline"
            >
              {days === null ? 'Scheduled backups' : 'Point in time page'}
            </Link>
            .
          </>
        }
        action={
          <Sheet open={open} onOpenChange={onOpenChange}>
            <Sheet.Trigger asChild>
              <Button disabled={!project || !organization}>
                <History className="size-3.5" aria-hidden="true" />
                Change recovery window
              </Button>
            </Sheet.Trigger>
            {open && project && organization ? (
              <PitrAddonPanel
                project={project}
                organization={organization}
                addons={addons}
                current={days}
                onDone={() => onOpenChange(false)}
              />
            ) : null}
          </Sheet>
        }
      />
    </Card>
  );
}
