import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { Button } from '../../ui/button';
import { CheckboxField, FieldError, FormField, selectProps } from '../../ui/form-field';
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
        control={control}
        name="topic"
        id="realtime-topic"
        label="Channel name"
        description="Clients on the same name hear each other."
        placeholder="room-1"
        autoComplete="off"
      />

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
          control={control}
          name="accessToken"
          id="realtime-token"
          label="User access token"
          description="The access_token of the user's session, e.g. from supabase.auth.getSession()."
          render={({ field, props }) => <Textarea rows={3} className="font-mono text-xs" spellCheck={false} {...props} {...field} />}
        />
      ) : null}

      {keyRequired && role !== 'service_role' ? (
        <FormField
          control={control}
          name="anonKey"
          id="realtime-anon-key"
          label="Project anon key"
          description={`${keysDeniedReason} Paste the project's anon (public) key to join.`}
          mono
          autoComplete="off"
        />
      ) : null}

      <CheckboxField
        control={control}
        name="isPrivate"
        id="realtime-private"
        label="Private channel"
        description="Joins only when a policy on realtime.messages lets this role read the channel."
      />

      <fieldset className="flex flex-col gap-2.5" aria-describedby={listenError ? 'realtime-listen-error' : undefined}>
        <legend className="mb-1.5 text-[13px] font-medium">Listen to</legend>
        <CheckboxField
          control={control}
          name="broadcast"
          id="realtime-broadcast"
          label="Broadcast"
          description="Messages clients send on the channel."
        />
        {broadcast ? (
          <div className="pl-6">
            <CheckboxField control={control} name="self" id="realtime-self" label="Receive own broadcasts" />
          </div>
        ) : null}
        <CheckboxField
          control={control}
          name="presence"
          id="realtime-presence"
          label="Presence"
          description="Clients joining and leaving the channel."
        />
        <CheckboxField
          control={control}
          name="changes"
          id="realtime-changes"
          label="Database changes"
          description="Rows of tables in the supabase_realtime publication."
        />
        {changes ? (
          <div className="grid grid-cols-2 gap-3 pl-6">
            <FormField control={control} name="schema" id="realtime-schema" label="Schema" mono />
            <FormField control={control} name="table" id="realtime-table" label="Table" mono placeholder="All tables" />
            <FormField
              control={control}
              name="event"
              id="realtime-event"
              label="Event"
              render={(state) => (
                <Select {...selectProps(state)}>
                  {CHANGE_EVENTS.map((event) => (
                    <Select.Item key={event} value={event}>
                      {EVENT_LABELS[event]}
                    </Select.Item>
                  ))}
                </Select>
              )}
            />
            <FormField control={control} name="filter" id="realtime-filter" label="Filter (optional)" mono placeholder="id=eq.1" />
          </div>
        ) : null}
        {listenError ? <FieldError id="realtime-listen">{listenError}</FieldError> : null}
      </fieldset>

      <Button type="submit" variant="primary" className="self-start">
        Join channel
      </Button>
    </form>
  );
}
