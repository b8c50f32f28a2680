import { CircleArrowUp } from 'lucide-react';
import { useMemo, useState } from 'react';
import { defaultVersion, LIFECYCLE_MESSAGES } from '@basin/core';
import type { Organization, Project } from '@basin/core/schemas';
import { useAvailableVersionsQuery } from '../../data/available-versions/use-available-versions-query';
import { useInfrastructureQuery } from '../../data/infrastructure/use-infrastructure-query';
import { useUpgradeProjectMutation } from '../../data/upgrade/use-upgrade-project-mutation';
import { Card } from '../../ui/card';
import { Skeleton } from '../../ui/skeleton';
import { TypeToConfirmDialog } from '../../ui/type-to-confirm-dialog';
import { postgresMajor } from '../projects/postgres-major';
import { postgresVersionLabel } from '../projects/postgres-version-label';
import { permissionState } from '../organizations/permission-state';
import { ActionTrigger, lifecycleActionState, SettingsRow, type ActionState } from './settings-row';

function UpgradePostgres({ project, targetMajor, state }: { project: Project; targetMajor: number; state: ActionState }) {
  const [open, setOpen] = useState(false);
  const upgrade = useUpgradeProjectMutation({ onSuccess: () => setOpen(false) });
  return (
    <TypeToConfirmDialog
      open={open}
      onOpenChange={setOpen}
      trigger={<ActionTrigger state={state} icon={CircleArrowUp} label={`Upgrade to Postgres ${targetMajor}`} primary />}
      title={`Upgrade ${project.name} to Postgres ${targetMajor}?`}
      variant="danger"
      confirmString={project.name}
      confirmLabel="Upgrade project"
      loading={upgrade.isPending}
      onConfirm={() => upgrade.mutate({ ref: project.ref, targetVersion: String(targetMajor) })}
    >
      <p className="text-[13px] text-muted">
        The data, roles and grants move to Postgres {targetMajor}. The project is unavailable while it upgrades, which takes longer for
        large databases. If the upgrade fails, the current database keeps serving the project.
      </p>
    </TypeToConfirmDialog>
  );
}

/** The installed Postgres version, and an upgrade when the platform has a newer major (ga first). */
export function PostgresVersionCard({ project, organization }: { project: Project; organization: Organization | undefined }) {
  const versions = useAvailableVersionsQuery({ slug: project.organization_slug, region: project.region });
  const currentMajor = postgresMajor(project.dbVersion);
  const target = useMemo(() => {
    const newer = (versions.data?.available_versions ?? []).filter((option) => postgresMajor(option.postgres_engine) > currentMajor);
    const option = defaultVersion(newer);
    return option ? postgresMajor(option.postgres_engine) : undefined;
  }, [versions.data, currentMajor]);

  // What keeps this platform from upgrading at all (e.g. no pg_dump installed), said before anyone tries.
  const blocker = useInfrastructureQuery(project.ref).data?.postgres.upgrade_blocker ?? null;
  const allowed = lifecycleActionState(
    permissionState(organization, 'infra.lifecycle:execute', LIFECYCLE_MESSAGES.upgradeForbidden),
    project.status === 'ACTIVE_HEALTHY',
  );
  const state = blocker ? { disabled: true, hint: blocker } : allowed;
  const current = `Postgres ${currentMajor} (${postgresVersionLabel(project.dbVersion)})`;

  return (
    <Card>
      <Card.Header>
        <Card.Title>Postgres version</Card.Title>
      </Card.Header>
      {versions.isPending ? (
        <div className="px-4 py-4">
          <Skeleton className="h-9 w-full" />
        </div>
      ) : target !== undefined ? (
        <SettingsRow
          title={`Postgres ${target} is available`}
          description={blocker ?? `This project runs ${current}. Upgrading moves its data to the newer major version.`}
          action={<UpgradePostgres project={project} targetMajor={target} state={state} />}
        />
      ) : (
        <SettingsRow
          title={current}
          description="This project runs the newest Postgres major version installed on this platform."
          action={null}
        />
      )}
    </Card>
  );
}
