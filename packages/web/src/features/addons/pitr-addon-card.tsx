import { History } from 'lucide-react';
import { Link } from 'react-router';
import { ADDON_MESSAGES } from '@basin/core';
import { Alert } from '../../ui/alert';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { Sheet } from '../../ui/sheet';
import { SettingsRow } from '../project-settings/settings-row';

function BackupsLink({ projectRef }: { projectRef: string }) {
  return (
    <Link to={`/project/${projectRef}/database/backups/scheduled`} className="text-accent hover:underline">
      Scheduled backups
    </Link>
  );
}

/** Why there is no recovery period to choose, and what protects the data instead. */
function PitrPanel({ projectRef }: { projectRef: string }) {
  return (
    <Sheet.Content title="Point in time recovery" side="right" className="w-[480px]">
      <div className="flex flex-col gap-4 p-4 text-[13px]">
        <Alert title="Not available yet">{ADDON_MESSAGES.pitrUnavailable}</Alert>
        <p className="text-muted">The newest seven backups of each kind are kept; any of them can be downloaded or restored.</p>
        <p>
          <BackupsLink projectRef={projectRef} />
        </p>
      </div>
    </Sheet.Content>
  );
}

/** Point in time recovery: not selectable until Basin archives WAL continuously. */
export function PitrAddonCard({
  projectRef,
  open,
  onOpenChange,
}: {
  projectRef: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Card>
      <Card.Header>
        <Card.Title>Point in time recovery</Card.Title>
        <Badge>Not available</Badge>
      </Card.Header>
      <SettingsRow
        title="Restore the database to any moment"
        description={
          <>
            Not available yet: it needs continuous WAL archiving, which Basin does not run. Your data is covered by{' '}
            <BackupsLink projectRef={projectRef} /> instead.
          </>
        }
        action={
          <Sheet open={open} onOpenChange={onOpenChange}>
            <Sheet.Trigger asChild>
              <Button>
                <History className="size-3.5" aria-hidden="true" />
                Learn more
              </Button>
            </Sheet.Trigger>
            <PitrPanel projectRef={projectRef} />
          </Sheet>
        }
      />
    </Card>
  );
}
