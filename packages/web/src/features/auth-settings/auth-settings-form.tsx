import { zodResolver } from '@hookform/resolvers/zod';
import { Fragment, useState, type ReactNode } from 'react';
import { useForm, type Control as FormControl } from 'react-hook-form';
import { useParams } from 'react-router';
import { can } from '@basin/core';
import { isUriAllowListEntry, splitUriAllowList, UpdateAuthConfigBody, type AuthConfig } from '@basin/core/schemas';
import { useAuthConfigQuery, useUpdateAuthConfigMutation } from '../../data/auth-config/use-auth-config';
import { useProjectRole } from '../../data/use-project-role';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { Checkbox } from '../../ui/checkbox';
import { CheckboxField, FieldError, fieldControlProps, FormField, useFormField } from '../../ui/form-field';
import { Input } from '../../ui/input';
import { Page, PageHeader } from '../../ui/page';
import { Skeleton } from '../../ui/skeleton';
import { Textarea } from '../../ui/textarea';
import { Tooltip } from '../../ui/tooltip';
import { ErrorFallback } from '../errors/error-fallback';
import type { AuthField, AuthSection } from './auth-fields';
import { AuthSettingsNav } from './auth-settings-nav';

export const NO_SETTINGS_PERMISSION = 'You need additional permissions to update authentication settings';

const resolver = zodResolver(UpdateAuthConfigBody);
const blankToNull = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? null : value);
const toNumber = (value: unknown) => {
  const blank = blankToNull(value);
  return typeof blank === 'string' ? Number(blank) : blank;
};

/** The form's value of a setting: what the control shows. */
export function toFormValue(field: AuthField, stored: unknown): unknown {
  if (field.kind === 'password') return '';
  if (field.kind === 'boolean' && field.inverted) return !stored;
  if ((field.kind === 'text' || field.kind === 'textarea') && field.defaultValue !== undefined) return stored ?? field.defaultValue;
  return stored;
}

/** The stored value of what the control shows (the inverse of toFormValue). */
export function toStoredValue(field: AuthField, shown: unknown): unknown {
  if (field.kind === 'boolean' && field.inverted) return !shown;
  if ((field.kind === 'text' || field.kind === 'textarea') && field.defaultValue !== undefined) {
    // Left as the default (or emptied): the default, which follows Basin's defaults later on.
    return typeof shown !== 'string' || shown.trim() === field.defaultValue.trim() ? null : shown;
  }
  return shown;
}

const sent = (fields: AuthField[]) => fields.filter((field) => field.kind !== 'unavailable');

function initialValues(config: AuthConfig, fields: AuthField[]): UpdateAuthConfigBody {
  const record: Record<string, unknown> = config;
  return Object.fromEntries(sent(fields).map((field) => [field.key, toFormValue(field, record[field.key])]));
}

function toBody(values: UpdateAuthConfigBody, fields: AuthField[]): UpdateAuthConfigBody {
  const record: Record<string, unknown> = values;
  const body: Record<string, unknown> = {};
  for (const field of sent(fields)) {
    // An empty password field keeps the stored one.
    if (field.kind === 'password' && !record[field.key]) continue;
    body[field.key] = toStoredValue(field, record[field.key]);
  }
  return body;
}

/** An editable list kept as the comma-separated string the setting stores. */
function UrlListControl({
  control,
  id,
  name,
  label,
  disabled,
}: {
  control: FormControl<UpdateAuthConfigBody>;
  id: string;
  name: AuthField['key'];
  label: string;
  disabled: boolean;
}) {
  const { field, error } = useFormField({ control, name, id });
  const value = typeof field.value === 'string' ? field.value : '';
  const entries = splitUriAllowList(value);
  const onChange = (next: string[]) => field.onChange(next.join(','));
  const [draft, setDraft] = useState('');
  const [draftError, setDraftError] = useState<string | null>(null);
  const add = () => {
    const entry = draft.trim();
    if (!isUriAllowListEntry(entry)) setDraftError(`"${entry}" must be a URL or a pattern such as https://*.example.com/**`);
    else if (entries.includes(entry)) setDraftError(`${entry} is already in the list`);
    else {
      onChange([...entries, entry]);
      setDraft('');
      setDraftError(null);
    }
  };
  const shownError = draftError ?? error;
  return (
    <div className="flex flex-col gap-2">
      {entries.length === 0 ? (
        <p className="rounded-md border border-dashed border-border px-3 py-2 text-xs text-muted">
          No redirect URLs yet: only the Site URL is allowed.
        </p>
      ) : (
        <ul aria-label={label} className="divide-y divide-border rounded-md border border-border">
          {entries.map((entry) => (
            <li key={entry} className="flex items-center justify-between gap-2 px-3 py-1">
              <span className="truncate font-mono text-xs">{entry}</span>
              <Button
                size="sm"
                variant="ghost"
                aria-label={`Remove ${entry}`}
                disabled={disabled}
                onClick={() => onChange(entries.filter((other) => other !== entry))}
              >
                Remove
              </Button>
            </li>
          ))}
        </ul>
      )}
      <div className="flex gap-2">
        <Input
          {...fieldControlProps(id, { error: shownError ?? undefined })}
          aria-label="New redirect URL"
          placeholder="https://example.com/auth/callback"
          value={draft}
          disabled={disabled}
          onChange={(event) => {
            setDraft(event.target.value);
            setDraftError(null);
          }}
          onKeyDown={(event) => {
            if (event.key !== 'Enter') return;
            event.preventDefault(); // adds the URL rather than saving the form
            add();
          }}
        />
        <Button disabled={disabled || draft.trim() === ''} onClick={add}>
          Add URL
        </Button>
      </div>
      {shownError ? <FieldError id={id}>{shownError}</FieldError> : null}
    </div>
  );
}

/** The text of a setting's control: settings left blank are stored as null (Basin's default). */
const shown = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value) : '');

function SettingField({
  field,
  control,
  disabled,
  isSet,
}: {
  field: AuthField;
  control: FormControl<UpdateAuthConfigBody>;
  disabled: boolean;
  /** A write-only value is stored: the empty control says so. */
  isSet: boolean;
}) {
  const id = `auth-${field.key}`;
  if (field.kind === 'unavailable') {
    return <Checkbox id={id} label={field.label} description={field.reason} checked={false} disabled readOnly />;
  }
  if (field.kind === 'boolean') {
    return (
      <CheckboxField control={control} name={field.key} id={id} label={field.label} description={field.description} disabled={disabled} />
    );
  }
  if (field.kind === 'url-list') {
    return <UrlListControl control={control} id={id} name={field.key} label={field.label} disabled={disabled} />;
  }
  const parse = field.kind === 'number' ? toNumber : blankToNull;
  return (
    <FormField
      control={control}
      name={field.key}
      id={id}
      label={field.label}
      description={field.description}
      render={({ field: { value, onChange, ...rest }, props: { invalid, ...props } }) => {
        // The native select takes no `invalid`; Input and Textarea get it below.
        const text = {
          ...props,
          ...rest,
          disabled,
          value: shown(value),
          onChange: (event: { target: { value: string } }) => onChange(parse(event.target.value)),
        };
        if (field.kind === 'select') {
          return (
            <select className="h-8 rounded-md border border-border-strong bg-surface px-2 text-[13px]" {...text}>
              {field.options.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          );
        }
        if (field.kind === 'textarea') {
          return <Textarea rows={8} className="font-mono text-xs" spellCheck={false} invalid={invalid} {...text} />;
        }
        const placeholder =
          field.kind === 'password'
            ? isSet
              ? 'Set: type a new one to replace it'
              : 'Not set'
            : field.kind === 'text'
              ? field.placeholder
              : undefined;
        return (
          <Input
            type={field.kind === 'password' ? 'password' : field.kind === 'number' ? 'number' : 'text'}
            autoComplete={field.kind === 'password' ? 'new-password' : 'off'}
            invalid={invalid}
            placeholder={placeholder}
            {...text}
          />
        );
      }}
    />
  );
}

function SettingsForm({
  projectRef,
  config,
  section,
  allowed,
}: {
  projectRef: string;
  config: AuthConfig;
  section: AuthSection;
  allowed: boolean;
}) {
  const update = useUpdateAuthConfigMutation(projectRef);
  const reset = useUpdateAuthConfigMutation(projectRef);
  const { fields } = section;
  const {
    control,
    handleSubmit,
    formState: { isDirty },
  } = useForm<UpdateAuthConfigBody>({ resolver, values: initialValues(config, fields) });
  const submit = handleSubmit((values) => update.mutate(toBody(values, fields)));
  const record: Record<string, unknown> = config;
  const resetKeys = section.reset?.keys ?? [];
  const isDefault = resetKeys.every((key) => record[key] === null);

  const heading = section.title ? (
    <div className="min-w-0">
      <Card.Title>{section.title}</Card.Title>
      {section.description ? <p className="mt-0.5 text-xs text-muted">{section.description}</p> : null}
    </div>
  ) : null;
  const form = (
    <form noValidate onSubmit={submit} aria-label={section.title} className="flex flex-col gap-4 p-4">
      {fields.map((field) => (
        <SettingField
          key={field.key}
          field={field}
          control={control}
          disabled={!allowed}
          isSet={field.kind === 'password' && field.setKey !== undefined && record[field.setKey] === true}
        />
      ))}
      {section.Note ? <section.Note /> : null}
      <div className="flex justify-end gap-2">
        {section.reset ? (
          <Tooltip content={allowed ? (isDefault ? 'This email already uses the default' : null) : NO_SETTINGS_PERMISSION} wrapDisabled>
            <Button
              disabled={!allowed || isDefault}
              loading={reset.isPending}
              onClick={() => reset.mutate(Object.fromEntries(resetKeys.map((key) => [key, null])))}
            >
              {section.reset.label}
            </Button>
          </Tooltip>
        ) : null}
        <Tooltip content={allowed ? null : NO_SETTINGS_PERMISSION} wrapDisabled>
          <Button type="submit" variant="primary" disabled={!allowed || !isDirty} loading={update.isPending}>
            Save
          </Button>
        </Tooltip>
      </div>
    </form>
  );
  if (section.statusKey) {
    const on = record[section.statusKey] === true;
    return (
      <Card>
        <details>
          <summary className="flex cursor-pointer items-center justify-between gap-3 rounded-lg px-4 py-3 hover:bg-surface-muted focus-visible:outline-2 focus-visible:outline-accent">
            {heading}
            <Badge tone={on ? 'success' : 'neutral'}>{on ? 'Enabled' : 'Disabled'}</Badge>
          </summary>
          <div className="border-t border-border">{form}</div>
        </details>
      </Card>
    );
  }
  return (
    <Card>
      {heading ? <Card.Header>{heading}</Card.Header> : null}
      {form}
    </Card>
  );
}

/**
 * A page of authentication settings: forms over GET/PATCH /platform/auth/{ref}/config, one card
 * per section, each saved on its own (`fields` is a page of one section).
 */
export function AuthSettingsPage({
  title,
  description,
  fields,
  sections = fields ? [{ fields }] : [],
  intro,
}: {
  title: string;
  description: ReactNode;
  fields?: AuthField[];
  sections?: AuthSection[];
  /** Shown above the forms. */
  intro?: ReactNode;
}) {
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
        <div className="flex flex-col gap-4">
          {intro}
          {sections.map((section, index) => (
            <Fragment key={section.title ?? index}>
              {section.heading ? <h2 className="mt-4 text-sm font-medium">{section.heading}</h2> : null}
              <SettingsForm projectRef={ref} config={config.data} section={section} allowed={allowed} />
            </Fragment>
          ))}
        </div>
      )}
    </Page>
  );
}
