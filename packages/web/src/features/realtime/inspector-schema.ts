import { z } from 'zod';

/**
 * The Realtime Inspector's two forms: joining a channel (who joins, what it listens to) and sending
 * a broadcast on it. Messages are the user's; the schemas live here, once, outside render.
 */
export const JOIN_ROLES = ['anon', 'service_role', 'user'] as const;
export type JoinRole = (typeof JOIN_ROLES)[number];

export const CHANGE_EVENTS = ['*', 'INSERT', 'UPDATE', 'DELETE'] as const;
export type ChangeEvent = (typeof CHANGE_EVENTS)[number];

export const INSPECTOR_MESSAGES = {
  topicRequired: 'Give the channel a name',
  topicTooLong: 'A channel name is at most 255 characters',
  tokenRequired: "Paste the user's access token",
  tokenShape: 'An access token is a JWT: three parts separated by dots',
  anonKeyRequired: "Paste the project's anon key",
  nothingToListen: 'Choose at least one thing to listen to',
  schemaRequired: 'Give the schema to listen to',
  filterShape: 'A filter looks like column=eq.value (eq, neq, lt, lte, gt, gte or in)',
  eventRequired: 'Give the event a name',
  payloadRequired: 'Give a JSON payload, e.g. {"message": "hello"}',
  payloadNotObject: 'The payload must be a JSON object, e.g. {"message": "hello"}',
  invalidJson: (reason: string) => `The payload is not valid JSON: ${reason}`,
  noMessages: 'No messages yet',
  noMessagesHint: 'Messages on this channel show here as they arrive, newest first.',
  notJoinedHint: 'Join a channel to watch its broadcasts, presence and database changes live.',
} as const;

const JWT = /^[\w-]+\.[\w-]+\.[\w-]*$/;
/** Realtime's postgres_changes filter: `column=operator.value`, the operators Supabase accepts. */
const FILTER = /^[^=\s]+=(eq|neq|lt|lte|gt|gte|in)\..+$/;

const JoinFields = z.object({
  topic: z.string().trim().min(1, INSPECTOR_MESSAGES.topicRequired).max(255, INSPECTOR_MESSAGES.topicTooLong),
  role: z.enum(JOIN_ROLES),
  accessToken: z.string().trim(),
  anonKey: z.string().trim(),
  isPrivate: z.boolean(),
  broadcast: z.boolean(),
  self: z.boolean(),
  presence: z.boolean(),
  changes: z.boolean(),
  schema: z.string().trim(),
  table: z.string().trim(),
  event: z.enum(CHANGE_EVENTS),
  filter: z.string().trim(),
});

function joinForm(keyRequired: boolean) {
  return JoinFields.superRefine((values, context) => {
    const issue = (path: string, message: string) => context.addIssue({ code: 'custom', path: [path], message });
    if (values.role === 'user') {
      if (!values.accessToken) issue('accessToken', INSPECTOR_MESSAGES.tokenRequired);
      else if (!JWT.test(values.accessToken)) issue('accessToken', INSPECTOR_MESSAGES.tokenShape);
    }
    if (keyRequired && values.role !== 'service_role' && !values.anonKey) issue('anonKey', INSPECTOR_MESSAGES.anonKeyRequired);
    else if (keyRequired && values.anonKey && !JWT.test(values.anonKey)) issue('anonKey', INSPECTOR_MESSAGES.tokenShape);
    if (!values.broadcast && !values.presence && !values.changes) issue('listen', INSPECTOR_MESSAGES.nothingToListen);
    if (values.changes && !values.schema) issue('schema', INSPECTOR_MESSAGES.schemaRequired);
    if (values.changes && values.filter && !FILTER.test(values.filter)) issue('filter', INSPECTOR_MESSAGES.filterShape);
  });
}

/** With the project's keys at hand, and without them (the member pastes the anon key). */
export const JoinForm = joinForm(false);
export const JoinFormWithKey = joinForm(true);
export type JoinFormValues = z.infer<typeof JoinFields>;

export const DEFAULT_JOIN_VALUES: JoinFormValues = {
  topic: '',
  role: 'anon',
  accessToken: '',
  anonKey: '',
  isPrivate: false,
  broadcast: true,
  self: true,
  presence: true,
  changes: false,
  schema: 'public',
  table: '',
  event: '*',
  filter: '',
};

/** The payload text as a JSON object, or the reason it is not one. */
export function parsePayload(text: string): { ok: true; value: Record<string, unknown> } | { ok: false; message: string } {
  if (!text.trim()) return { ok: false, message: INSPECTOR_MESSAGES.payloadRequired };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { ok: false, message: INSPECTOR_MESSAGES.invalidJson(error instanceof Error ? error.message : String(error)) };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return { ok: false, message: INSPECTOR_MESSAGES.payloadNotObject };
  return { ok: true, value: value as Record<string, unknown> };
}

export const BroadcastForm = z
  .object({
    event: z.string().trim().min(1, INSPECTOR_MESSAGES.eventRequired).max(255),
    payload: z.string(),
  })
  .superRefine((values, context) => {
    const parsed = parsePayload(values.payload);
    if (!parsed.ok) context.addIssue({ code: 'custom', path: ['payload'], message: parsed.message });
  });
export type BroadcastFormValues = z.infer<typeof BroadcastForm>;

export const DEFAULT_BROADCAST_VALUES: BroadcastFormValues = { event: 'message', payload: '{\n  "message": "hello"\n}' };
