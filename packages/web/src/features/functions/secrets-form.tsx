import { zodResolver } from '@hookform/resolvers/zod';
import { Plus, Trash2 } from 'lucide-react';
import type { ClipboardEvent } from 'react';
import { useFieldArray, useForm, type Control } from 'react-hook-form';
import { useSetSecretsMutation } from '../../data/functions/use-set-secrets-mutation';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { FieldError, useFormField } from '../../ui/form-field';
import { Input, type InputProps } from '../../ui/input';
import { Tooltip } from '../../ui/tooltip';
import { parseEnv, SecretsForm, type SecretsFormInput, type SecretsFormValues } from './secrets-schema';

const resolver = zodResolver(SecretsForm);
const EMPTY = { name: '', value: '' };

/** One cell of a row: the header row names the column, so the box carries an aria-label instead of a label. */
function SecretCell({
  control,
  name,
  id,
  ...input
}: { control: Control<SecretsFormInput, unknown, SecretsFormValues>; name: `secrets.${number}.${'name' | 'value'}`; id: string } & Omit<
  InputProps,
  'id' | 'name' | 'value' | 'onChange' | 'onBlur' | 'ref' | 'invalid'
>) {
  const { field, props, error } = useFormField({ control, name, id });
  return (
    <div className="flex flex-col gap-1">
      <Input mono {...input} {...props} {...field} />
      {error ? <FieldError id={id}>{error}</FieldError> : null}
    </div>
  );
}

/**
 * Name and value pairs, saved together (an existing name gets the new value). Pasting `.env` lines
 * into a name fills one row per line.
 */
export function SecretsFormCard({
  projectRef,
  canWrite,
  tooltip,
  form,
}: {
  projectRef: string;
  canWrite: boolean;
  tooltip: string | undefined;
  form: ReturnType<typeof useSecretsForm>;
}) {
  const { control, handleSubmit, reset } = form;
  const rows = useFieldArray({ control, name: 'secrets' });
  const save = useSetSecretsMutation({ onSuccess: () => reset({ secrets: [EMPTY] }) });
  const submit = handleSubmit(({ secrets }) => save.mutate({ ref: projectRef, secrets }));

  const pasteInto = (index: number) => (event: ClipboardEvent<HTMLInputElement>) => {
    const pairs = parseEnv(event.clipboardData.getData('text'));
    if (!pairs) return;
    event.preventDefault();
    rows.remove(index);
    rows.insert(index, pairs);
  };

  return (
    <Card>
      <Card.Header>
        <div>
          <Card.Title>Add or replace secrets</Card.Title>
          <p className="text-xs text-muted">
            Functions read them with Deno.env.get(&apos;NAME&apos;) from their next request on. Paste .env lines into a name to fill
            several.
          </p>
        </div>
      </Card.Header>
      <form noValidate onSubmit={submit}>
        <Card.Content className="flex flex-col gap-2">
          <div aria-hidden="true" className="grid grid-cols-[1fr_1fr_auto] gap-2 text-xs font-medium text-muted">
            <span>Name</span>
            <span>Value</span>
            <span className="w-7" />
          </div>
          {rows.fields.map((row, index) => (
            <div key={row.id} className="grid grid-cols-[1fr_1fr_auto] items-start gap-2">
              <SecretCell
                control={control}
                name={`secrets.${index}.name`}
                id={`secret-${index}-name`}
                aria-label={`Name of secret ${index + 1}`}
                placeholder="e.g. STRIPE_SECRET_KEY"
                autoComplete="off"
                spellCheck={false}
                disabled={!canWrite}
                onPaste={pasteInto(index)}
              />
              <SecretCell
                control={control}
                name={`secrets.${index}.value`}
                id={`secret-${index}-value`}
                type="password"
                aria-label={`Value of secret ${index + 1}`}
                placeholder="value"
                autoComplete="new-password"
                disabled={!canWrite}
              />
              <Button
                size="icon"
                variant="ghost"
                aria-label={`Remove row ${index + 1}`}
                disabled={!canWrite || rows.fields.length === 1}
                onClick={() => rows.remove(index)}
              >
                <Trash2 className="size-3.5" aria-hidden="true" />
              </Button>
            </div>
          ))}
          {save.error ? (
            <Alert tone="danger" title="The secrets were not saved">
              {save.error.message}
            </Alert>
          ) : null}
          <div className="flex items-center justify-between gap-2 pt-1">
            <Button size="sm" variant="ghost" disabled={!canWrite} onClick={() => rows.append(EMPTY)}>
              <Plus className="size-3.5" aria-hidden="true" />
              Add another
            </Button>
            <Tooltip content={canWrite ? null : tooltip} wrapDisabled>
              <Button type="submit" variant="primary" loading={save.isPending} disabled={!canWrite}>
                Save
              </Button>
            </Tooltip>
          </div>
        </Card.Content>
      </form>
    </Card>
  );
}

/** The form's state, owned by the page so a row's 'Update' can put its name in the form. */
export function useSecretsForm() {
  return useForm<SecretsFormInput, unknown, SecretsFormValues>({
    resolver,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: { secrets: [EMPTY] },
  });
}
