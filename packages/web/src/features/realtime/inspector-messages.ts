/** What the inspector heard on its channel, as the message list shows it. */
export type InspectorMessageType = 'broadcast' | 'presence' | 'postgres_changes';

export interface InspectorMessage {
  id: number;
  receivedAt: Date;
  type: InspectorMessageType;
  event: string;
  payload: unknown;
}

/** The list keeps this many messages, newest first; older ones fall off. */
export const MESSAGE_LIMIT = 500;

export const MESSAGE_TYPE_LABELS: Record<InspectorMessageType, string> = {
  broadcast: 'Broadcast',
  presence: 'Presence',
  postgres_changes: 'Database change',
};

/** `message` in front of `messages`, the list capped at MESSAGE_LIMIT. */
export function prependMessage(messages: InspectorMessage[], message: InspectorMessage): InspectorMessage[] {
  return [message, ...messages].slice(0, MESSAGE_LIMIT);
}

/** Time of day with milliseconds: messages often arrive within one second of each other. */
export function formatMessageTime(date: Date): string {
  const pad = (value: number, width = 2) => String(value).padStart(width, '0');
  return `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}.${pad(date.getMilliseconds(), 3)}`;
}

/** A one-line preview of a payload for the collapsed row. */
export function previewPayload(payload: unknown, max = 120): string {
  const text = JSON.stringify(payload) ?? String(payload);
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
