import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm, type Control, type FieldNamesMarkedBoolean } from 'react-hook-form';
import { useParams } from 'react-router';
import { can, REALTIME_MESSAGES } from '@basin/core';
import { REALTIME_LIMITS, RealtimeConfig, type RealtimeLimit, type UpdateRealtimeConfigBody } from '@basin/core/schemas';
import { useRealtimeConfigQuery } from '../../data/realtime-config/use-realtime-config-query';
import { useUpdateRealtimeConfigMutation } from '../../data/realtime-config/use-update-realtime-config-mutation';
import { useProjectRole } from '../../data/use-project-role';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { FieldDescription, FieldError, FieldLabel, useFormField } from '../../ui/form-field';
import { Input } from '../../ui/input';
import { Page, PageHeader } from '../../ui/page';
import { Skeleton } from '../../ui/skeleton';
import { ErrorFallback } from '../errors/error-fallback';
import { PermissionButton } from '../storage/permission-button';
import { Toggle } from '../storage/toggle';

/** The server's own words when such a member tries anyway (403). */
export const PRIVATE_ONLY_DESCRIPTION =
  'Only private channels can be joined: a user may join a channel only when the policies on realtime.messages allow it, and public channels are refused.';

const resolver = zodResolver(RealtimeConfig);
const LIMITS = Object.keys(REALTIME_LIMITS) as RealtimeLimit[];
const count = (value: number) => value.toLocaleString('en-US');

/** The body of a PATCH: only the settings the member changed. */
export function changedSettings(values: RealtimeConfig, dirty: Partial<FieldNamesMarkedBoolean<RealtimeConfig>>): UpdateRealtimeConfigBody {
  return Object.fromEntries(Object.entries(values).filter(([key]) => dirty[key as keyof RealtimeConfig])) as UpdateRealtimeConfigBody;
}

/** A limit's label and description beside its number box: a layout of its own, the field's wiring shared. */
function LimitField({ control, name, readOnly }: { control: Control<RealtimeConfig>; name: RealtimeLimit; readOnly: boolean }) {
  const { label, default: fallback, max, unit } = REALTIME_LIMITS[name];
  const id = `realtime-${name}`;
  const description = `Default ${count(fallback)}, at most ${count(max)} ${unit}.`;
  // The description stays in view beside the label, so it describes the box with the error too.
  const { field, props, error } = useFormField({ control, name, id, description, descriptionStays: true });
  return (
    <div className="grid gap-x-6 gap-y-1.5 py-3 sm:grid-cols-[minmax(0,1fr)_17rem] sm:items-start">
      <div className="flex flex-col gap-0.5">
        <FieldLabel id={id}>{label}</FieldLabel>
        <FieldDescription id={id}>{description}</FieldDescription>
      </div>
      <div className="flex flex-col gap-1">
        <div className="flex items-center gap-2">
          <div className="w-28 shrink-0">
            <Input
              {...props}
              type="number"
              inputMode="numeric"
              min={1}
              max={max}
              step={1}
              className="tabular-nums"
              readOnly={readOnly}
              name={field.name}
              ref={field.ref}
              // As register's valueAsNumber did: an empty box is NaN, which the schema refuses.
              value={Number.isNaN(field.value) ? '' : field.value}
              onChange={(event) => field.onChange(event.target.value === '' ? Number.NaN : Number(event.target.value))}
              onBlur={field.onBlur}
            />
          </div>
          <span className="text-xs whitespace-nowrap text-muted">{unit}</span>
        </div>
        {error ? <FieldError id={id}>{error}</FieldError> : null}
      </div>
    </div>
  );
}

function RealtimeSettingsForm({ projectRef, config, allowed }: { projectRef: string; config: RealtimeConfig; allowed: boolean }) {
  const save = useUpdateRealtimeConfigMutation();
  const {
    control,
    handleSubmit,
    reset,
    formState: { isDirty, dirtyFields },
  } = useForm<RealtimeConfig>({ resolver, values: config, mode: 'onChange' });
  const submit = handleSubmit((values) => {
    const body = changedSettings(values, dirtyFields);
    if (Object.keys(body).length > 0) save.mutate({ ref: projectRef, body });
  });

  return (
    <form noValidate onSubmit={submit} aria-label="Realtime settings" className="flex flex-col gap-4">
      <Card>
        <Card.Header>
          <Card.Title>Channel restrictions</Card.Title>
        </Card.Header>
        <Card.Content className="py-4">
          <Controller
            control={control}
            name="private_only"
            render={({ field }) => (
              <Toggle
                id="realtime-private_only"
                label="Private channels only"
                description={PRIVATE_ONLY_DESCRIPTION}
                checked={field.value}
                onCheckedChange={field.onChange}
                disabled={!allowed}
              />
            )}
          />
        </Card.Content>
      </Card>
      <Card>
        <Card.Header>
          <div className="min-w-0">
            <Card.Title>Limits</Card.Title>
            <p className="mt-0.5 text-xs text-muted">
              Past a limit the client gets Realtime&apos;s own error (a refused join or a closed channel); its socket stays open.
            </p>
          </div>
        </Card.Header>
        <div className="divide-y divide-border px-4">
          {LIMITS.map((name) => (
            <LimitField key={name} control={control} name={name} readOnly={!allowed} />
          ))}
        </div>
        <div className="flex flex-wrap items-center justify-end gap-2 border-t border-border px-4 py-3">
          <Button disabled={!isDirty || save.isPending} onClick={() => reset()}>
            Cancel
          </Button>
          <PermissionButton
            allowed={allowed}
            reason={REALTIME_MESSAGES.settingsForbidden}
            type="submit"
            variant="primary"
            disabled={!isDirty}
            loading={save.isPending}
          >
            Save
          </PermissionButton>
        </div>
      </Card>
    </form>
  );
}

/** /project/:ref/realtime/settings — the project's Realtime limits and whether only private channels may be joined. */
export function RealtimeSettingsPage() {
  const { ref = '' } = useParams();
  const config = useRealtimeConfigQuery(ref);
  const role = useProjectRole(ref);
  const allowed = can(role, 'project.settings:write');
  return (
    <Page>
      <PageHeader
        title="Realtime Settings"
        description="What every client of this project's Realtime may do: which channels it may join, and how much it may send."
      />
      {config.isError ? (
        <ErrorFallback onRetry={() => void config.refetch()} />
      ) : !config.data ? (
        <Skeleton className="h-96 w-full rounded-lg" />
      ) : (
        <div className="flex flex-col gap-4">
          {role && !allowed ? <Alert title="These settings are read-only for you">{REALTIME_MESSAGES.settingsForbidden}.</Alert> : null}
          <RealtimeSettingsForm projectRef={ref} config={config.data} allowed={allowed} />
        </div>
      )}
    </Page>
  );
}
