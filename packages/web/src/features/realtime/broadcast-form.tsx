import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../ui/button';
import { FormField } from '../../ui/form-field';
import { Textarea } from '../../ui/textarea';
import { BroadcastForm, type BroadcastFormValues, DEFAULT_BROADCAST_VALUES, parsePayload } from './inspector-schema';

const resolver = zodResolver(BroadcastForm);

/** An event name and a JSON object, sent on the joined channel; the server's refusal shows under the button. */
export function SendBroadcastForm({
  disabled,
  onSend,
}: {
  disabled: boolean;
  onSend: (event: string, payload: Record<string, unknown>) => Promise<void>;
}) {
  const {
    control,
    handleSubmit,
    formState: { isSubmitting },
  } = useForm<BroadcastFormValues>({ resolver, defaultValues: DEFAULT_BROADCAST_VALUES });
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);

  const submit = handleSubmit(async ({ event, payload }) => {
    const parsed = parsePayload(payload);
    if (!parsed.ok) return;
    setResult(null);
    try {
      await onSend(event, parsed.value);
      setResult({ ok: true, text: `Sent ${event}` });
    } catch (error) {
      setResult({ ok: false, text: error instanceof Error ? error.message : String(error) });
    }
  });

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-3" aria-label="Send a broadcast">
      <FormField control={control} name="event" id="broadcast-event" label="Event name" mono autoComplete="off" />
      <FormField
        control={control}
        name="payload"
        id="broadcast-payload"
        label="Payload (JSON)"
        render={({ field, props }) => <Textarea rows={5} spellCheck={false} className="font-mono text-xs" {...props} {...field} />}
      />
      <div className="flex items-center gap-3">
        <Button type="submit" disabled={disabled} loading={isSubmitting}>
          Send broadcast
        </Button>
        {result ? (
          <p role={result.ok ? 'status' : 'alert'} className={result.ok ? 'text-xs text-muted' : 'text-xs text-danger'}>
            {result.text}
          </p>
        ) : null}
      </div>
    </form>
  );
}
