import { describe, expect, it } from 'vitest';
import type { RowChange, TableShape } from './changes.ts';
import { changeData, changePayloadJson } from './postgres-changes.ts';
import { encode, type PhoenixMessage, textOf, VSNS } from './protocol.ts';

/** The frame as JSON.stringify makes it, the reference the spliced frames must equal. */
const stringified = (msg: PhoenixMessage, vsn: string) =>
  vsn === '2.0.0'
    ? JSON.stringify([msg.joinRef, msg.ref, msg.topic, msg.event, msg.payload])
    : JSON.stringify({ join_ref: msg.joinRef, ref: msg.ref, topic: msg.topic, event: msg.event, payload: msg.payload });

const shape: TableShape = {
  schema: 'public',
  table: 'Tàble "q"',
  columns: [
    { name: 'id', type: 'int8' },
    { name: 'body', type: 'text' },
    { name: 'meta', type: 'jsonb' },
    { name: 'done', type: 'bool' },
  ],
  types: { id: 'int8', body: 'text', meta: 'jsonb', done: 'bool' },
  primaryKey: ['id'],
  rowSecurity: true,
};

const change: RowChange = {
  type: 'UPDATE',
  shape,
  xid: 7,
  commitTimestamp: '2024-01-02T03:04:05.000Z',
  record: { id: '9007199254740993', body: 'quote " backslash \\ newline \n emoji 😀 \u2028', meta: '{"a": [1, null, "x"]}', done: 't' },
  oldRecord: { id: '9007199254740993' },
};

describe('frames', () => {
  it.each(VSNS)('splices a serialized payload into a frame equal to JSON.stringify of the message (%s)', (vsn) => {
    const data = changeData(change);
    for (const ids of [[1], [3, 14, 159]]) {
      const msg: PhoenixMessage = {
        joinRef: null,
        ref: null,
        topic: 'realtime:room "1" ü',
        event: 'postgres_changes',
        payload: { ids, data },
        payloadJson: changePayloadJson(ids, JSON.stringify(data)),
      };
      expect(msg.payloadJson).toBe(JSON.stringify(msg.payload));
      expect(textOf(msg, vsn)).toBe(stringified(msg, vsn));
      expect(encode(msg, vsn)).toEqual({ data: Buffer.from(stringified(msg, vsn)), binary: false });
    }
  });

  it.each(VSNS)('makes the frames of other messages as JSON.stringify does (%s)', (vsn) => {
    const msg: PhoenixMessage = {
      joinRef: '1',
      ref: '2',
      topic: 'realtime:x',
      event: 'phx_reply',
      payload: { status: 'ok', response: {} },
    };
    expect(textOf(msg, vsn)).toBe(stringified(msg, vsn));
    expect(JSON.parse(encode(msg, vsn)!.data.toString('utf8'))).toEqual(JSON.parse(stringified(msg, vsn)));
  });

  it('sends a binary broadcast as a binary frame to 2.0.0 sockets only', () => {
    const msg: PhoenixMessage = {
      joinRef: null,
      ref: null,
      topic: 'realtime:x',
      event: 'broadcast',
      payload: { type: 'broadcast', event: 'e', payload: Buffer.from([1, 2]) },
    };
    expect(encode(msg, '2.0.0')?.binary).toBe(true);
    expect(encode(msg, '1.0.0')).toBeUndefined();
  });
});
