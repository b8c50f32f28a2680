import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type UseFormRegister } from 'react-hook-form';
import { useParams } from 'react-router';
import { can } from '@basin/core';
import { UpdateAuthConfigBody, type AuthConfig } from '@basin/core/schemas';
import { useAuthConfigQuery, useUpdateAuthConfigMutation } from '../../data/auth-config/use-auth-config';
import { useProjectRole } from '../../data/use-project-role';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { FormField, describedBy } from '../../ui/form-field';
import { Input } from '../../ui/input';
import { Page, PageHeader } from '../../ui/page';
import { Skeleton } from '../../ui/skeleton';
import { Tooltip } from '../../ui/tooltip';
import { ErrorFallback } from '../errors/error-fallback';
import type { AuthField } from './auth-fields';
import { AuthSettingsNav } from './auth-settings-nav';

export const NO_SETTINGS_PERMISSION = 'You need additional permissions to update authentication settings';

const resolver = zodResolver(UpdateAuthConfigBody);
const blankToNull = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? null : value);
const toNumber = (value: unknown) => {
  const blank = blankToNull(value);
  return typeof blank === 'string' ? Number(blank) : blank;
};

function initialValues(config: AuthConfig, fields: AuthField[]): UpdateAuthConfigBody {
  const record: Record<string, unknown> = config;
  return Object.fromEntries(fields.map((field) => [field.key, field.kind === 'password' ? '' : record[field.key]]));
}

function Control({ field, register, disabled, error }: { field: AuthField; register: UseFormRegister<UpdateAuthConfigBody>; disabled: boolean; error?: string }) {
  const id = `auth-${field.key}`;
  const aria = { id, disabled, 'aria-describedby': describedBy(id, { error, description: field.description }) };
  if (field.kind === 'boolean') {
    return (
      <label className="flex items-start gap-2 text-[13px]">
        <input type="checkbox" className="mt-0.5 size-4 accent-[var(--color-accent)]" {...aria} {...register(field.key)} />
        <span>
          <span className="font-medium">{field.label}</span>
          {field.description ? <span className="block text-xs text-muted">{field.description}</span> : null}
        </span>
      </label>
    );
  }
  const control =
    field.kind === 'select' ? (
      <select className="h-8 rounded-md border border-border-strong bg-surface px-2 text-[13px]" {...aria} {...register(field.key)}>
        {field.options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    ) : (
      <Input
        type={field.kind === 'password' ? 'password' : field.kind === 'number' ? 'number' : 'text'}
        invalid={Boolean(error)}
        autoComplete={field.kind === 'password' ? 'new-password' : 'off'}
        {...aria}
        {...register(field.key, { setValueAs: field.kind === 'number' ? toNumber : blankToNull })}
      />
    );
  return (
    <FormField id={id} label={field.label} description={field.description} error={error}>
      {control}
    </FormField>
  );
}

function SettingsForm({ projectRef, config, fields, allowed }: { projectRef: string; config: AuthConfig; fields: AuthField[]; allowed: boolean }) {
  const update = useUpdateAuthConfigMutation(projectRef);
  const {
    register,
    handleSubmit,
    formState: { errors, isDirty },
  } = useForm<UpdateAuthConfigBody>({ resolver, values: initialValues(config, fields) });
  // An empty password field keeps the stored one.
  const submit = handleSubmit(({ SMTP_PASS, ...body }) => update.mutate(SMTP_PASS ? { ...body, SMTP_PASS } : body));

  return (
    <Card>
      <form noValidate onSubmit={submit} className="flex flex-col gap-4 p-4">
        {fields.map((field) => (
          <Control key={field.key} field={field} register={register} disabled={!allowed} error={errors[field.key]?.message} />
        ))}
        <div className="flex justify-end">
          <Tooltip content={allowed ? null : NO_SETTINGS_PERMISSION} wrapDisabled>
            <Button type="submit" variant="primary" disabled={!allowed || !isDirty} loading={update.isPending}>
              Save
            </Button>
          </Tooltip>
        </div>
      </form>
    </Card>
  );
}

/** A page of authentication settings: a form over GET/PATCH /platform/auth/{ref}/config. */
export function AuthSettingsPage({ title, description, fields }: { title: string; description: string; fields: AuthField[] }) {
  const { ref = '' } = useParams();
  const role = useProjectRole(ref);
  const config = useAuthConfigQuery(ref);
  const allowed = can(role, 'project.settings:write');
  return (
    <Page>
      <PageHeader title={title} description={description} />
      <AuthSettingsNav projectRef={ref} />
      {config.isError ? (
        <ErrorFallback onRetry={() => void config.refetch()} />
      ) : !config.data ? (
        <Skeleton className="h-64" />
      ) : (
        <SettingsForm projectRef={ref} config={config.data} fields={fields} allowed={allowed} />
      )}
    </Page>
  );
}
