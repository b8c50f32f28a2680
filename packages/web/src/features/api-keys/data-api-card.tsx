import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { PostgrestConfig, UpdatePostgrestConfigBody } from '@basin/core/schemas';
import { usePostgrestConfigQuery } from '../../data/postgrest-config/use-postgrest-config-query';
import { useUpdatePostgrestConfigMutation } from '../../data/postgrest-config/use-update-postgrest-config-mutation';
import { Alert } from '../../ui/alert';
import { Card } from '../../ui/card';
import { CheckboxField, FormField } from '../../ui/form-field';
import { Input } from '../../ui/input';
import { Skeleton } from '../../ui/skeleton';
import { PermissionButton } from '../storage/permission-button';

export const DATA_API_TEXTS = {
  title: 'Data API settings',
  failed: 'Failed to retrieve the Data API settings',
  refused: 'The Data API settings were not saved',
  readOnly: 'These settings are read-only for you',
  forbidden: 'Only Owners and Administrators can change the Data API settings',
  schemas:
    'The schemas /rest/v1 serves, separated by commas; the first is the default, the others are chosen with Accept-Profile and Content-Profile.',
  maxRows: 'The most rows a read or a function answers, whatever its limit asks for.',
  aggregates:
    'count(), sum(), avg(), min() and max() in select, as PostgREST’s db-aggregates-enabled. Off by default: an aggregate over a large table can cost a lot.',
  explain:
    'explain() answers the plan of the statement a request would run, as PostgREST’s db-plan-enabled. Off by default: a plan tells more about the data than the rows a caller may read.',
} as const;

/** Max rows as the server bounds it; the schema names are left to the server, which says what is wrong with them. */
const DataApiValues = PostgrestConfig.extend({
  max_rows: z.number({ error: 'Enter a number of rows' }).pipe(UpdatePostgrestConfigBody.shape.max_rows.unwrap()),
});
const resolver = zodResolver(DataApiValues);

/** The settings the member changed, for the PATCH body. */
export function changedConfig(values: PostgrestConfig, dirty: Partial<Record<keyof PostgrestConfig, boolean | undefined>>) {
  return Object.fromEntries(Object.entries(values).filter(([key]) => dirty[key as keyof PostgrestConfig])) as Partial<PostgrestConfig>;
}

function DataApiForm({ projectRef, config, canWrite }: { projectRef: string; config: PostgrestConfig; canWrite: boolean }) {
  // A refusal shows in the card, in the server's words, until the next save.
  const save = useUpdatePostgrestConfigMutation();
  const {
    control,
    handleSubmit,
    formState: { isDirty, dirtyFields },
  } = useForm<PostgrestConfig>({ resolver, values: config, mode: 'onSubmit', reValidateMode: 'onBlur' });
  const submit = handleSubmit((values) => save.mutate({ ref: projectRef, body: changedConfig(values, dirtyFields) }));
  const readOnly = !canWrite;

  return (
    <form noValidate onSubmit={submit} aria-label={DATA_API_TEXTS.title}>
      <Card.Content className="flex flex-col gap-4 py-4">
        {save.error ? (
          <Alert tone="danger" title={DATA_API_TEXTS.refused}>
            {save.error.message}
          </Alert>
        ) : null}
        <FormField
          control={control}
          name="db_schema"
          id="data-api-db_schema"
          label="Exposed schemas"
          description={DATA_API_TEXTS.schemas}
          placeholder="public"
          readOnly={readOnly}
        />
        <FormField
          control={control}
          name="max_rows"
          id="data-api-max_rows"
          label="Max rows"
          description={DATA_API_TEXTS.maxRows}
          render={({ field, props }) => (
            <div className="w-40">
              <Input
                {...props}
                type="number"
                inputMode="numeric"
                min={1}
                step={1}
                className="tabular-nums"
                readOnly={readOnly}
                name={field.name}
                ref={field.ref}
                // An empty box is NaN, which the schema refuses with its own words.
                value={Number.isNaN(field.value) ? '' : field.value}
                onChange={(event) => field.onChange(event.target.value === '' ? Number.NaN : Number(event.target.value))}
                onBlur={field.onBlur}
              />
            </div>
          )}
        />
        <CheckboxField
          control={control}
          name="db_aggregates_enabled"
          id="data-api-db_aggregates_enabled"
          role="switch"
          label="Enable aggregate functions"
          description={DATA_API_TEXTS.aggregates}
          disabled={readOnly}
        />
        <CheckboxField
          control={control}
          name="db_plan_enabled"
          id="data-api-db_plan_enabled"
          role="switch"
          label="Enable explain()"
          description={DATA_API_TEXTS.explain}
          disabled={readOnly}
        />
      </Card.Content>
      <div className="flex justify-end border-t border-border px-4 py-3">
        <PermissionButton
          allowed={canWrite}
          reason={DATA_API_TEXTS.forbidden}
          type="submit"
          variant="primary"
          disabled={!isDirty}
          loading={save.isPending}
        >
          Save
        </PermissionButton>
      </div>
    </form>
  );
}

/**
 * The project's PostgREST settings (GET/PATCH config/postgrest): exposed schemas, max rows,
 * aggregates and explain(). Members without project.settings:write see them read-only, with why.
 */
export function DataApiCard({ projectRef, canWrite, roleKnown }: { projectRef: string; canWrite: boolean; roleKnown: boolean }) {
  const config = usePostgrestConfigQuery(projectRef);
  return (
    <Card>
      <Card.Header>
        <Card.Title>{DATA_API_TEXTS.title}</Card.Title>
      </Card.Header>
      {config.isError ? (
        <Card.Content className="py-4">
          <Alert tone="danger" title={DATA_API_TEXTS.failed}>
            {config.error.message}
          </Alert>
        </Card.Content>
      ) : !config.data || !roleKnown ? (
        <Card.Content className="flex flex-col gap-3 py-4" aria-busy="true">
          <Skeleton className="h-14 w-full" />
          <Skeleton className="h-14 w-48" />
          <Skeleton className="h-10 w-full" />
        </Card.Content>
      ) : (
        <>
          {canWrite ? null : (
            <Card.Content className="pt-4 pb-0">
              <Alert title={DATA_API_TEXTS.readOnly}>{DATA_API_TEXTS.forbidden}.</Alert>
            </Card.Content>
          )}
          <DataApiForm projectRef={projectRef} config={config.data} canWrite={canWrite} />
        </>
      )}
    </Card>
  );
}
