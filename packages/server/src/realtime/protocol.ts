/**
 * Phoenix channel messages as realtime-js speaks them. Protocol 1.0.0 sends each message as a
 * JSON object; 2.0.0 as a JSON array `[join_ref, ref, topic, event, payload]`, except that a
 * client's broadcast may come as a binary frame (kind 3: "user broadcast push") holding the
 * event name and its JSON or binary payload. Basin answers in text frames of the socket's
 * version (realtime-js decodes broadcasts from those too), but a binary broadcast goes on as a
 * binary frame (kind 4: "user broadcast"), which 1.0.0 sockets cannot receive.
 */

export type Vsn = '1.0.0' | '2.0.0';

export const VSNS: readonly Vsn[] = ['1.0.0', '2.0.0'];

export interface PhoenixMessage {
  joinRef: string | null;
  ref: string | null;
  topic: string;
  event: string;
  payload: Record<string, unknown>;
  /** JSON.stringify(payload), when the sender made it already (postgres-changes.ts splices a change's shared `data` into it). */
  payloadJson?: string;
}

/** Thrown for a frame that is not a message of the socket's protocol. */
export class ProtocolError extends Error {}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

const refOf = (value: unknown): string | null => (value === null || value === undefined ? null : String(value));

function message(joinRef: unknown, ref: unknown, topic: unknown, event: unknown, payload: unknown): PhoenixMessage {
  if (typeof topic !== 'string' || typeof event !== 'string') throw new ProtocolError('A message needs a topic and an event');
  return { joinRef: refOf(joinRef), ref: refOf(ref), topic, event, payload: isObject(payload) ? payload : {} };
}

const USER_BROADCAST_PUSH = 3;
const JSON_ENCODING = 1;

/** A kind 3 frame: header lengths, then join_ref, ref, topic, event, metadata, and the payload. */
function decodeBroadcastPush(frame: Buffer): PhoenixMessage {
  if (frame.length < 7 || frame[0] !== USER_BROADCAST_PUSH) throw new ProtocolError('Unknown binary frame');
  const lengths = [frame[1]!, frame[2]!, frame[3]!, frame[4]!, frame[5]!];
  const encoding = frame[6];
  let offset = 7;
  const [joinRef, ref, topic, event, metadata] = lengths.map((length) => {
    const text = frame.subarray(offset, offset + length).toString('utf8');
    offset += length;
    return text;
  });
  if (offset > frame.length) throw new ProtocolError('Truncated binary frame');
  const body = frame.subarray(offset);
  let userPayload: unknown;
  try {
    userPayload = encoding === JSON_ENCODING ? JSON.parse(body.toString('utf8')) : Buffer.from(body);
  } catch {
    throw new ProtocolError('The broadcast payload is not JSON');
  }
  const meta = metadata ? (JSON.parse(metadata) as Record<string, unknown>) : {};
  return message(joinRef || null, ref || null, topic, 'broadcast', { ...meta, type: 'broadcast', event, payload: userPayload });
}

export function decode(data: Buffer, isBinary: boolean, vsn: Vsn): PhoenixMessage {
  if (isBinary) {
    if (vsn === '1.0.0') throw new ProtocolError('Binary frames need protocol 2.0.0');
    return decodeBroadcastPush(data);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(data.toString('utf8'));
  } catch {
    throw new ProtocolError('A message must be JSON');
  }
  if (vsn === '2.0.0') {
    if (!Array.isArray(parsed) || parsed.length !== 5) throw new ProtocolError('A message must be [join_ref, ref, topic, event, payload]');
    return message(parsed[0], parsed[1], parsed[2], parsed[3], parsed[4]);
  }
  if (!isObject(parsed)) throw new ProtocolError('A message must be a JSON object');
  return message(parsed.join_ref, parsed.ref, parsed.topic, parsed.event, parsed.payload);
}

const USER_BROADCAST = 4;
const BINARY_ENCODING = 0;

/** A broadcast whose payload is bytes, as a kind 4 frame: topic, event, metadata, payload. */
function encodeBinaryBroadcast(topic: string, event: string, payload: Buffer): Buffer {
  const parts = [Buffer.from(topic), Buffer.from(event), Buffer.alloc(0)];
  const header = Buffer.from([USER_BROADCAST, ...parts.map((part) => part.length), BINARY_ENCODING]);
  return Buffer.concat([header, ...parts, payload]);
}

/** A frame as it goes to ws: text frames as UTF-8 bytes, so that each socket's send does not encode the string again. */
export interface Frame {
  data: Buffer;
  binary: boolean;
}

/**
 * Frames already made, per message and protocol: a broadcast is one message object sent to every
 * channel of its topic, so its frame is made once, not once per subscriber.
 */
const frames = new WeakMap<PhoenixMessage, Partial<Record<Vsn, Frame | undefined>>>();

/** The frame of a message for a socket of `vsn`; undefined when that protocol cannot carry it. */
export function encode(msg: PhoenixMessage, vsn: Vsn): Frame | undefined {
  let made = frames.get(msg);
  if (!made) frames.set(msg, (made = {}));
  if (!(vsn in made)) made[vsn] = frameOf(msg, vsn);
  return made[vsn];
}

function frameOf(msg: PhoenixMessage, vsn: Vsn): Frame | undefined {
  const bytes = msg.event === 'broadcast' && Buffer.isBuffer(msg.payload.payload) ? msg.payload.payload : undefined;
  if (bytes)
    return vsn === '2.0.0' ? { data: encodeBinaryBroadcast(msg.topic, String(msg.payload.event), bytes), binary: true } : undefined;
  return { data: Buffer.from(textOf(msg, vsn)), binary: false };
}

/**
 * A text frame, equal to JSON.stringify of the message in the protocol's shape, built around the
 * payload's JSON so that a payload serialized once can go into many frames.
 */
export function textOf(msg: PhoenixMessage, vsn: Vsn): string {
  const [joinRef, ref, topic, event] = [msg.joinRef, msg.ref, msg.topic, msg.event].map((value) => JSON.stringify(value));
  const payload = msg.payloadJson ?? JSON.stringify(msg.payload);
  return vsn === '2.0.0'
    ? `[${joinRef},${ref},${topic},${event},${payload}]`
    : `{"join_ref":${joinRef},"ref":${ref},"topic":${topic},"event":${event},"payload":${payload}}`;
}
