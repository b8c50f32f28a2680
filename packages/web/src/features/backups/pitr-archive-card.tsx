import { Link } from 'react-router';
import type { PitrStatusResponse } from '@basin/core/schemas';
import { formatBytes } from '../../lib/format-bytes';
import { Alert } from '../../ui/alert';
import { Badge } from '../../ui/badge';
import { Card } from '../../ui/card';
import { DetailFields } from '../../ui/detail-fields';
import { formatWindowBound, type RecoveryWindow } from './recovery-window';

/** What is archived while PITR is on: the retention, the recoverable window, the archive's size, and a failing archiver. */
export function PitrArchiveCard({
  projectRef,
  status,
  window,
}: {
  projectRef: string;
  status: PitrStatusResponse;
  window: RecoveryWindow | null;
}) {
  return (
    <Card>
      <Card.Header>
        <Card.Title>Point in time recovery</Card.Title>
        <Badge tone="success">{status.retention_days} days</Badge>
      </Card.Header>
      <Card.Content className="flex flex-col gap-4 py-4">
        {status.archiving_failing ? (
          <Alert tone="warning" title="Archiving the write-ahead log is failing">
            The server keeps trying. Until it succeeds, the window does not grow and newer changes cannot be recovered.
          </Alert>
        ) : null}
        <DetailFields
          rows={[
            ['Earliest recoverable', window ? formatWindowBound(window.earliestMs) : 'Not yet'],
            ['Latest recoverable', window ? formatWindowBound(window.latestMs) : 'Not yet'],
            ['Archived WAL', status.archive_bytes === null ? 'Not known' : formatBytes(status.archive_bytes)],
          ]}
        />
        <p className="text-xs text-muted">
          <Link to={`/project/${projectRef}/settings/addons?panel=pitr`} className="text-accent hover:underline">
            Change the recovery window
          </Link>
        </p>
      </Card.Content>
    </Card>
  );
}
