import { Link } from 'react-router';
import { usePitrStatusQuery } from '../../data/backups/use-pitr-status-query';
import { formatWindowBound, recoveryWindowOf } from '../backups/recovery-window';

/** `&source=` of the suggestion's link to the add-on. */
const SOURCE = 'createBranch';

/**
 * The dialog's point-in-time-recovery line, following the parent's add-on: off, the suggestion
 * with the way to the add-on panel; on, how far back a branch with data can start. Nothing while unknown.
 */
export function BranchPitrNotice({ projectRef }: { projectRef: string }) {
  const { data: status } = usePitrStatusQuery(projectRef);
  if (!status) return null;
  if (!status.pitr_enabled) {
    return (
      <p>
        <Link to={`/project/${projectRef}/settings/addons?panel=pitr&source=${SOURCE}`} className="text-accent hover:underline">
          Enable point-in-time recovery (PITR)
        </Link>{' '}
        on production to branch from a recent, consistent state.
      </p>
    );
  }
  const window = recoveryWindowOf(status);
  return window ? (
    <p>Point-in-time recovery is on: a branch with data can start from any second since {formatWindowBound(window.earliestMs)}.</p>
  ) : (
    <p>Point-in-time recovery is on: a branch can start from a point in time once its first base backup completes.</p>
  );
}
