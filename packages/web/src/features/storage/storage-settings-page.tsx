import { useId, useState } from 'react';
import { useParams } from 'react-router';
import { can } from '@basin/core';
import { bytesOf, formatBytes, SIZE_UNITS, type SizeUnit, sizeInUnits, STORAGE_MESSAGES, type StorageSettings } from '@basin/core/schemas';
import { useStorageSettingsQuery, useUpdateStorageSettingsMutation } from '../../data/storage/use-storage-settings';
import { useProjectRole } from '../../data/use-project-role';
import { Alert } from '../../ui/alert';
import { Card } from '../../ui/card';
import { FieldError, fieldControlProps } from '../../ui/form-field';
import { Input } from '../../ui/input';
import { Page, PageHeader } from '../../ui/page';
import { Select } from '../../ui/select';
import { Skeleton } from '../../ui/skeleton';
import { ArchiveCard } from './archive-card';
import { PermissionButton } from './permission-button';

function FileSizeLimitForm({ projectRef, settings, canWrite }: { projectRef: string; settings: StorageSettings; canWrite: boolean }) {
  const id = useId();
  const initial = sizeInUnits(settings.file_size_limit);
  const [value, setValue] = useState(String(initial.value));
  const [unit, setUnit] = useState<SizeUnit>(initial.unit);
  const [error, setError] = useState<string>();
  const save = useUpdateStorageSettingsMutation({ onError: (failure) => setError(failure.message) });

  function submit(event: React.FormEvent) {
    event.preventDefault();
    const number = Number(value);
    const bytes = bytesOf(number, unit);
    if (!value.trim() || !Number.isFinite(number) || number <= 0 || bytes < 1) return setError('Enter a size greater than 0');
    if (bytes > settings.max_file_size_limit) return setError(`At most ${formatBytes(settings.max_file_size_limit)} on this installation`);
    setError(undefined);
    save.mutate({ ref: projectRef, fileSizeLimit: bytes });
  }

  return (
    <form noValidate onSubmit={submit}>
      <Card>
        <Card.Header>
          <Card.Title>Upload file size limit</Card.Title>
        </Card.Header>
        <Card.Content className="flex flex-col gap-3 text-[13px]">
          <label htmlFor={id} className="text-muted">
            The largest file any bucket of this project takes; a bucket&apos;s own limit may only be lower. At most{' '}
            {formatBytes(settings.max_file_size_limit)} on this installation.
          </label>
          <div className="flex flex-wrap items-center gap-2">
            <div className="w-32">
              <Input
                {...fieldControlProps(id, { error })}
                inputMode="decimal"
                value={value}
                disabled={!canWrite}
                onChange={(event) => setValue(event.target.value)}
              />
            </div>
            <Select
              ariaLabel="Size unit"
              value={unit}
              onValueChange={(next) => setUnit(next as SizeUnit)}
              fullWidth={false}
              className="w-24"
              disabled={!canWrite}
            >
              {SIZE_UNITS.map((choice) => (
                <Select.Item key={choice.unit} value={choice.unit}>
                  {choice.unit}
                </Select.Item>
              ))}
            </Select>
            <PermissionButton
              allowed={canWrite}
              reason={STORAGE_MESSAGES.noSettingsPermission}
              type="submit"
              variant="primary"
              loading={save.isPending}
            >
              Save
            </PermissionButton>
          </div>
          {error ? <FieldError id={id}>{error}</FieldError> : null}
        </Card.Content>
      </Card>
    </form>
  );
}

/** /project/:ref/storage/settings — the project's file size limit and the archive of every bucket. */
export function StorageSettingsPage() {
  const { ref = '' } = useParams();
  const settings = useStorageSettingsQuery(ref);
  const canWrite = can(useProjectRole(ref), 'project.settings:write');
  return (
    <Page>
      <PageHeader title="Storage settings" description="Limits of every bucket of this project, and a copy of all their files." />
      <div className="flex flex-col gap-4">
        {settings.isError ? (
          <Alert tone="danger" title="Could not load the storage settings">
            {settings.error.message}
          </Alert>
        ) : settings.data ? (
          <FileSizeLimitForm key={settings.data.file_size_limit} projectRef={ref} settings={settings.data} canWrite={canWrite} />
        ) : (
          <Skeleton className="h-32 w-full rounded-lg" />
        )}
        <ArchiveCard projectRef={ref} />
      </div>
    </Page>
  );
}
