import { zodResolver } from '@hookform/resolvers/zod';
import type { ReactNode } from 'react';
import { Controller, useForm, type UseFormRegisterReturn } from 'react-hook-form';
import { Button } from '../../ui/button';
import { describedBy, FormField } from '../../ui/form-field';
import { Input } from '../../ui/input';
import { RadioGroup } from '../../ui/radio-group';
import { Select } from '../../ui/select';
import { Textarea } from '../../ui/textarea';
import { CHANGE_EVENTS, DEFAULT_JOIN_VALUES, JoinForm, JoinFormWithKey, type JoinFormValues } from './inspector-schema';

const resolvers = { withKeys: zodResolver(JoinForm), withoutKeys: zodResolver(JoinFormWithKey) };

const EVENT_LABELS: Record<(typeof CHANGE_EVENTS)[number], string> = {
  '*': 'All events',
  INSERT: 'INSERT',
  UPDATE: 'UPDATE',
  DELETE: 'DELETE',
};

function Checkbox({ id, label, hint, field }: { id: string; label: string; hint?: ReactNode; field: UseFormRegisterReturn }) {
  return (
    <label htmlFor={id} className="flex cursor-pointer items-start gap-2 text-[13px]">
      <input type="checkbox" id={id} className="mt-0.5 size-4 shrink-0 accent-[var(--color-accent)]" {...field} />
      <span>
        {label}
        {hint ? <span className="block text-xs text-muted">{hint}</span> : null}
      </span>
    </label>
  );
}

export interface JoinFormProps {
  /** Whether the member may use the service_role key; otherwise `keysDeniedReason` says why not. */
  canUseServiceRole: boolean;
  /** The project's keys are not available to the member: they paste the anon key. */
  keyRequired: boolean;
  keysDeniedReason: string;
  onJoin: (values: JoinFormValues) => void;
}

/** Who joins which channel, and what it listens to. */
export function JoinChannelForm({ canUseServiceRole, keyRequired, keysDeniedReason, onJoin }: JoinFormProps) {
  const {
    register,
    control,
    handleSubmit,
    watch,
    formState: { errors },
  } = useForm<JoinFormValues>({
    resolver: keyRequired ? resolvers.withoutKeys : resolvers.withKeys,
    defaultValues: DEFAULT_JOIN_VALUES,
  });
  const role = watch('role');
  const [broadcast, changes] = watch(['broadcast', 'changes']);
  const listenError = (errors as { listen?: { message?: string } }).listen?.message;

  return (
    <form noValidate onSubmit={handleSubmit(onJoin)} className="flex flex-col gap-4" aria-label="Join a channel">
      <FormField
        id="realtime-topic"
        label="Channel name"
        error={errors.topic?.message}
        description="Clients on the same name hear each other."
      >
        <Input
          id="realtime-topic"
          placeholder="room-1"
          autoComplete="off"
          invalid={Boolean(errors.topic)}
          aria-describedby={describedBy('realtime-topic', { error: errors.topic?.message, description: true })}
          {...register('topic')}
        />
      </FormField>

      <div className="flex flex-col gap-1.5">
        <span id="realtime-role-label" className="text-[13px] font-medium">
          Join as
        </span>
        <Controller
          control={control}
          name="role"
          render={({ field }) => (
            <RadioGroup value={field.value} onValueChange={field.onChange} labelledBy="realtime-role-label">
              <RadioGroup.Item value="anon" description="A signed-out visitor: row level security applies to the anon role.">
                anon
              </RadioGroup.Item>
              <RadioGroup.Item
                value="service_role"
                disabled={!canUseServiceRole}
                description={canUseServiceRole ? 'Bypasses row level security: hears every change.' : keysDeniedReason}
              >
                service_role
              </RadioGroup.Item>
              <RadioGroup.Item value="user" description="A signed-in user: row level security applies with their claims (auth.uid()).">
                A user (access token)
              </RadioGroup.Item>
            </RadioGroup>
          )}
        />
      </div>

      {role === 'user' ? (
        <FormField
          id="realtime-token"
          label="User access token"
          error={errors.accessToken?.message}
          description="The access_token of the user's session, e.g. from supabase.auth.getSession()."
        >
          <Textarea
            id="realtime-token"
            rows={3}
            className="font-mono text-xs"
            spellCheck={false}
            invalid={Boolean(errors.accessToken)}
            aria-describedby={describedBy('realtime-token', { error: errors.accessToken?.message, description: true })}
            {...register('accessToken')}
          />
        </FormField>
      ) : null}

      {keyRequired && role !== 'service_role' ? (
        <FormField
          id="realtime-anon-key"
          label="Project anon key"
          error={errors.anonKey?.message}
          description={`${keysDeniedReason} Paste the project's anon (public) key to join.`}
        >
          <Input
            id="realtime-anon-key"
            mono
            autoComplete="off"
            invalid={Boolean(errors.anonKey)}
            aria-describedby={describedBy('realtime-anon-key', { error: errors.anonKey?.message, description: true })}
            {...register('anonKey')}
          />
        </FormField>
      ) : null}

      <Checkbox
        id="realtime-private"
        label="Private channel"
        hint="Joins only when a policy on realtime.messages lets this role read the channel."
        field={register('isPrivate')}
      />

      <fieldset className="flex flex-col gap-2.5" aria-describedby={listenError ? 'realtime-listen-error' : undefined}>
        <legend className="mb-1.5 text-[13px] font-medium">Listen to</legend>
        <Checkbox id="realtime-broadcast" label="Broadcast" hint="Messages clients send on the channel." field={register('broadcast')} />
        {broadcast ? (
          <div className="pl-6">
            <Checkbox id="realtime-self" label="Receive own broadcasts" field={register('self')} />
          </div>
        ) : null}
        <Checkbox id="realtime-presence" label="Presence" hint="Clients joining and leaving the channel." field={register('presence')} />
        <Checkbox
          id="realtime-changes"
          label="Database changes"
          hint="Rows of tables in the supabase_realtime publication."
          field={register('changes')}
        />
        {changes ? (
          <div className="grid grid-cols-2 gap-3 pl-6">
            <FormField id="realtime-schema" label="Schema" error={errors.schema?.message}>
              <Input id="realtime-schema" mono invalid={Boolean(errors.schema)} {...register('schema')} />
            </FormField>
            <FormField id="realtime-table" label="Table">
              <Input id="realtime-table" mono placeholder="All tables" {...register('table')} />
            </FormField>
            <FormField id="realtime-event" label="Event" labelId="realtime-event-label">
              <Controller
                control={control}
                name="event"
                render={({ field }) => (
                  <Select id="realtime-event" labelledBy="realtime-event-label" value={field.value} onValueChange={field.onChange}>
                    {CHANGE_EVENTS.map((event) => (
                      <Select.Item key={event} value={event}>
                        {EVENT_LABELS[event]}
                      </Select.Item>
                    ))}
                  </Select>
                )}
              />
            </FormField>
            <FormField id="realtime-filter" label="Filter (optional)" error={errors.filter?.message}>
              <Input id="realtime-filter" mono placeholder="id=eq.1" invalid={Boolean(errors.filter)} {...register('filter')} />
            </FormField>
          </div>
        ) : null}
        {listenError ? (
          <p id="realtime-listen-error" role="alert" className="text-xs text-danger">
            {listenError}
          </p>
        ) : null}
      </fieldset>

      <Button type="submit" variant="primary" className="self-start">
        Join channel
      </Button>
    </form>
  );
}
