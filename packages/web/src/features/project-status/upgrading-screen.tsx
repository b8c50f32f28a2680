import { CircleCheck, CircleX, LifeBuoy } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { parseUpgradeProgress, UPGRADE_STEPS } from '@basin/core';
import type { DatabaseUpgradeStatus, Project } from '@basin/core/schemas';
import { useUpgradeStatusQuery } from '../../data/upgrade/use-upgrade-status-query';
import { formatDateTime } from '../../lib/format-date';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Spinner } from '../../ui/spinner';
import { StatusLayout } from './status-layout';
import { supportTicketUrl } from './support-link';
import { UpgradeStepsList } from './upgrade-steps-list';

function ReturnButton({ project, onDone }: { project: Project; onDone?: () => void }) {
  const navigate = useNavigate();
  return (
    <Button
      variant="primary"
      onClick={() => {
        onDone?.();
        void navigate(`/project/${project.ref}`);
      }}
    >
      Return to project
    </Button>
  );
}

function UpgradeProgress({ project, report }: { project: Project; report: DatabaseUpgradeStatus | null | undefined }) {
  // Before the first report the upgrade is at its first step.
  const current = Math.max(1, parseUpgradeProgress(report?.progress));
  const completed = current > UPGRADE_STEPS.length;
  return (
    <StatusLayout
      project={project}
      icon={<Spinner className="size-5 text-accent" label="Upgrading" />}
      title={report ? `Upgrading ${project.name} to Postgres ${report.target_version}` : `Upgrading ${project.name}`}
      description={
        <>
          <p>The data, roles and grants move to the new Postgres version. The project is unavailable meanwhile.</p>
          {report?.initiated_at ? <p className="mt-1">Started {formatDateTime(report.initiated_at)}.</p> : null}
        </>
      }
    >
      <UpgradeStepsList current={current} />
      {completed ? (
        <Alert tone="info" title="The upgrade is complete">
          A full backup of the upgraded database is being taken. This can take from a few minutes to several hours, depending on the size of
          the database.
        </Alert>
      ) : null}
    </StatusLayout>
  );
}

/**
 * UPGRADING: the 8 steps with the current one highlighted, polled every 5 s; then the outcome,
 * which stays until 'Return to project': upgraded, or failed with the old database still serving.
 */
export function UpgradingScreen({ project, onDone }: { project: Project; onDone?: () => void }) {
  const upgrade = useUpgradeStatusQuery(project.ref, project.status);
  const report = upgrade.data?.databaseUpgradeStatus;

  if (report?.status === 'Failed') {
    return (
      <StatusLayout
        project={project}
        icon={<CircleX className="size-5 text-danger" aria-hidden="true" />}
        title={`Upgrading ${project.name} to Postgres ${report.target_version} failed`}
        description={<p>The previous database is still serving the project, with all of its data.</p>}
      >
        {report.error ? (
          <Alert tone="danger" title="What went wrong">
            <p className="font-mono text-xs break-words">{report.error}</p>
          </Alert>
        ) : null}
        <div className="flex flex-wrap gap-2">
          <ReturnButton project={project} onDone={onDone} />
          <Button asChild>
            <Link to={supportTicketUrl({ ref: project.ref, subject: `Upgrading project ${project.name} failed` })}>
              <LifeBuoy className="size-3.5" aria-hidden="true" />
              Contact support
            </Link>
          </Button>
        </div>
      </StatusLayout>
    );
  }
  if (report?.status === 'Upgraded' && project.status !== 'UPGRADING') {
    return (
      <StatusLayout
        project={project}
        icon={<CircleCheck className="size-5 text-accent" aria-hidden="true" />}
        title="Upgrade complete"
        description={
          <p>
            {project.name} now runs Postgres {report.target_version}, with all of its data.
          </p>
        }
      >
        <div>
          <ReturnButton project={project} onDone={onDone} />
        </div>
      </StatusLayout>
    );
  }
  return <UpgradeProgress project={project} report={report} />;
}
