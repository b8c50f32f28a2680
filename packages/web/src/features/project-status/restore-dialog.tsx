import { useMemo, useState, type ReactNode } from 'react';
import { fromFormValue, LIFECYCLE_MESSAGES } from '@basin/core';
import type { Project } from '@basin/core/schemas';
import { useRestoreProjectMutation } from '../../data/projects/use-restore-project-mutation';
import { useFeatureFlag } from '../../data/feature-flags/use-feature-flag';
import { useRestoreVersionsQuery } from '../../data/projects/use-restore-versions-query';
import { toast } from '../../lib/toast';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { Field, fieldControlProps } from '../../ui/form-field';
import { versionChoices } from '../projects/version-choices';
import { VersionSelector } from '../projects/version-selector';

/**
 * Confirms a restore. With the version-selector feature flag on, the version selector (form value
 * 'engine|channel', spec part 2 §5) comes first and its choice is sent; with it off, the paused
 * instance simply starts again on its own version.
 */
export function RestoreDialog({
  project,
  open,
  onOpenChange,
  trigger,
}: {
  project: Project | undefined;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  trigger?: ReactNode;
}) {
  const selectorFlag = useFeatureFlag('showPostgresVersionSelector', project?.organization_slug);
  const versions = useRestoreVersionsQuery(project?.ref, { enabled: open && selectorFlag === true });
  const options = versions.data?.available_versions;
  const { defaultValue } = useMemo(() => versionChoices(options ?? []), [options]);
  const [chosen, setChosen] = useState<string | undefined>();
  const version = chosen ?? defaultValue;
  const restore = useRestoreProjectMutation({ onSuccess: () => changeOpen(false) });

  function changeOpen(next: boolean) {
    if (!next) setChosen(undefined);
    onOpenChange(next);
  }

  function confirm() {
    if (!project) {
      toast.error(LIFECYCLE_MESSAGES.restoreRequiresProject);
      return;
    }
    const target = selectorFlag ? fromFormValue(version) : undefined;
    restore.mutate({ ref: project.ref, body: target });
  }

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={changeOpen}
      trigger={trigger}
      title="Restore this project"
      confirmLabel="Restore project"
      loading={restore.isPending}
      confirmDisabled={selectorFlag === undefined || (selectorFlag && versions.isPending)}
      onConfirm={confirm}
    >
      <p className="text-[13px] text-muted">
        The database and its API start again with all of the project&apos;s data. This takes a few moments.
      </p>
      {selectorFlag ? (
        <Field
          id="restore-postgres-version"
          label="Postgres version"
          description="Restoring onto a newer major version moves the data to it, which takes longer for large databases."
        >
          <VersionSelector
            {...fieldControlProps('restore-postgres-version', { description: true })}
            labelledBy="restore-postgres-version-label"
            options={options}
            isLoading={versions.isPending}
            value={version}
            onValueChange={setChosen}
          />
        </Field>
      ) : null}
    </ConfirmDialog>
  );
}
