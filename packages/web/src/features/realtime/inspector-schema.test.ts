import { describe, expect, it } from 'vitest';
import { formatMessageTime, MESSAGE_LIMIT, prependMessage, previewPayload, type InspectorMessage } from './inspector-messages';
import { BroadcastForm, DEFAULT_JOIN_VALUES, INSPECTOR_MESSAGES, JoinForm, JoinFormWithKey, parsePayload } from './inspector-schema';

const JWT = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl';

function issues(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  return Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));
}

describe('joining a channel', () => {
  it('needs a channel name and something to listen to', () => {
    const result = JoinForm.safeParse({ ...DEFAULT_JOIN_VALUES, topic: '  ', broadcast: false, presence: false });
    expect(issues(result)).toEqual({ topic: INSPECTOR_MESSAGES.topicRequired, listen: INSPECTOR_MESSAGES.nothingToListen });
  });

  it("needs a user's token to be a JWT when joining as a user", () => {
    const base = { ...DEFAULT_JOIN_VALUES, topic: 'room', role: 'user' as const };
    expect(issues(JoinForm.safeParse(base))).toEqual({ accessToken: INSPECTOR_MESSAGES.tokenRequired });
    expect(issues(JoinForm.safeParse({ ...base, accessToken: 'not a token' }))).toEqual({ accessToken: INSPECTOR_MESSAGES.tokenShape });
    expect(JoinForm.safeParse({ ...base, accessToken: ` ${JWT} ` }).data?.accessToken).toBe(JWT);
  });

  it('checks the schema and filter of database changes', () => {
    const base = { ...DEFAULT_JOIN_VALUES, topic: 'room', changes: true };
    expect(issues(JoinForm.safeParse({ ...base, schema: '' }))).toEqual({ schema: INSPECTOR_MESSAGES.schemaRequired });
    expect(issues(JoinForm.safeParse({ ...base, filter: 'id = 1' }))).toEqual({ filter: INSPECTOR_MESSAGES.filterShape });
    expect(JoinForm.safeParse({ ...base, table: 'notes', filter: 'id=in.(1,2)' }).success).toBe(true);
  });

  it("asks members who cannot read the keys for the anon key, but not for service_role's", () => {
    const base = { ...DEFAULT_JOIN_VALUES, topic: 'room' };
    expect(issues(JoinFormWithKey.safeParse(base))).toEqual({ anonKey: INSPECTOR_MESSAGES.anonKeyRequired });
    expect(JoinFormWithKey.safeParse({ ...base, anonKey: JWT }).success).toBe(true);
    expect(JoinForm.safeParse(base).success).toBe(true);
  });
});

describe('broadcast payloads', () => {
  it('takes a JSON object and says why anything else is refused', () => {
    expect(parsePayload('{"x": 1}')).toEqual({ ok: true, value: { x: 1 } });
    expect(parsePayload('')).toEqual({ ok: false, message: INSPECTOR_MESSAGES.payloadRequired });
    expect(parsePayload('[1]')).toEqual({ ok: false, message: INSPECTOR_MESSAGES.payloadNotObject });
    const broken = parsePayload('{x: 1}');
    expect(broken.ok).toBe(false);
    expect(!broken.ok && broken.message).toMatch(/^The payload is not valid JSON: /);
    expect(issues(BroadcastForm.safeParse({ event: '', payload: 'null' }))).toEqual({
      event: INSPECTOR_MESSAGES.eventRequired,
      payload: INSPECTOR_MESSAGES.payloadNotObject,
    });
  });
});

describe('the message list', () => {
  const message = (id: number): InspectorMessage => ({
    id,
    receivedAt: new Date(2026, 0, 2, 3, 4, 5, 6),
    type: 'broadcast',
    event: 'e',
    payload: {},
  });

  it('puts the newest first and keeps at most MESSAGE_LIMIT', () => {
    let messages: InspectorMessage[] = [];
    for (let id = 1; id <= MESSAGE_LIMIT + 5; id++) messages = prependMessage(messages, message(id));
    expect(messages).toHaveLength(MESSAGE_LIMIT);
    expect(messages[0]!.id).toBe(MESSAGE_LIMIT + 5);
    expect(messages.at(-1)!.id).toBe(6);
  });

  it('shows times with milliseconds and shortens long payloads', () => {
    expect(formatMessageTime(message(1).receivedAt)).toBe('03:04:05.006');
    expect(previewPayload({ a: 'x'.repeat(300) }, 20)).toBe('{"a":"xxxxxxxxxxxxx…');
    expect(previewPayload({ a: 1 })).toBe('{"a":1}');
  });
});
