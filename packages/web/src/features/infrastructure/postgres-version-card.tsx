import { Link } from 'react-router';
import { LIFECYCLE_MESSAGES } from '@basin/core';
import type { InfrastructureResponse, Organization, Project } from '@basin/core/schemas';
import { Card } from '../../ui/card';
import { permissionState } from '../organizations/permission-state';
import { RestartProject } from '../project-settings/project-availability-card';
import { lifecycleActionState, SettingsRow } from '../project-settings/settings-row';
import { Fact, FactList, NOT_RUNNING } from './fact-list';

function MinorUpdate({
  postgres,
  project,
  organization,
}: {
  postgres: InfrastructureResponse['postgres'];
  project: Project;
  organization: Organization | undefined;
}) {
  const state = lifecycleActionState(
    permissionState(organization, 'infra.lifecycle:execute', LIFECYCLE_MESSAGES.restartForbidden),
    project.status === 'ACTIVE_HEALTHY',
  );
  return (
    <SettingsRow
      title={`Postgres ${postgres.newest_installed} is installed`}
      description={`The database started before it was installed and still runs ${postgres.server_version}. A restart starts it on ${postgres.newest_installed}: minor releases keep the data format, so the data stays as it is.`}
      action={<RestartProject project={project} state={state} />}
    />
  );
}

function MajorUpgrade({ postgres, projectRef }: { postgres: InfrastructureResponse['postgres']; projectRef: string }) {
  if (postgres.upgrade_target_major === null) {
    return <>Postgres {postgres.major} is the newest major version installed on this platform.</>;
  }
  if (postgres.upgrade_blocker !== null)
    return (
      <>
        Postgres {postgres.upgrade_target_major} is installed. {postgres.upgrade_blocker}
      </>
    );
  return (
    <>
      Postgres {postgres.upgrade_target_major} is installed. A major upgrade moves the data onto it, from{' '}
      <Link to={`/project/${projectRef}/settings/general`} className="text-accent hover:underline">
        General settings
      </Link>
      .
    </>
  );
}

/** The exact server version, the newest installed release of its major, and how to move onto newer ones. */
export function PostgresVersionCard({
  postgres,
  project,
  organization,
}: {
  postgres: InfrastructureResponse['postgres'];
  project: Project;
  organization: Organization | undefined;
}) {
  return (
    <Card>
      <Card.Header>
        <Card.Title>Postgres version</Card.Title>
      </Card.Header>
      <FactList>
        <Fact label="Running" value={postgres.server_version === null ? NOT_RUNNING : `Postgres ${postgres.server_version}`} />
        <Fact
          label={`Newest installed ${postgres.major}.x`}
          value={postgres.newest_installed ?? <span className="text-muted">Not installed</span>}
          detail={
            postgres.newest_installed === null
              ? `The binaries of Postgres ${postgres.major} are missing from this platform: install them again before the database next starts.`
              : 'A start or restart of the database always runs this release.'
          }
        />
        <Fact
          label="Major version"
          value={`Postgres ${postgres.major}`}
          detail={<MajorUpgrade postgres={postgres} projectRef={project.ref} />}
        />
      </FactList>
      {postgres.newer_minor_installed ? (
        <div className="border-t border-border">
          <MinorUpdate postgres={postgres} project={project} organization={organization} />
        </div>
      ) : null}
    </Card>
  );
}
