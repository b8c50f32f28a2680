/**
 * Broadcast over HTTP, what realtime-js uses without a socket: `POST /realtime/v1/api/broadcast`
 * with `{ messages: [{ topic, event, payload, private }] }` (channel.send before subscribing), and
 * `POST /realtime/v1/api/broadcast/{topic}/events/{event}` with the payload as the body
 * (channel.httpSend). Both answer 202 once the messages went out to the topic's sockets. A
 * message for a private topic goes out only when the sender's role may insert on it
 * (authorization.ts); the others are dropped, as Realtime drops them.
 */
import { Hono } from 'hono';
import type { PlatformContext } from '../kernel/context.ts';
import type { ApiRequestAuth } from '../rest/request-auth.ts';
import { hubFor } from './hub.ts';
import { LIMIT_MESSAGES, payloadBytes } from './limits.ts';

interface Broadcast {
  topic: string;
  event: string;
  payload: unknown;
  private: boolean;
}

function messagesOf(body: unknown): Broadcast[] | string {
  const messages = (body as { messages?: unknown } | null)?.messages;
  if (!Array.isArray(messages) || messages.length === 0) return 'messages must be a non-empty array';
  const valid: Broadcast[] = [];
  for (const message of messages as Record<string, unknown>[]) {
    if (typeof message?.topic !== 'string' || !message.topic) return 'Each message needs a topic';
    if (typeof message.event !== 'string' || !message.event) return 'Each message needs an event';
    valid.push({ topic: message.topic, event: message.event, payload: message.payload ?? {}, private: message.private === true });
  }
  return valid;
}

export function broadcastApi(ctx: PlatformContext) {
  const api = new Hono<{ Bindings: { project: { ref: string }; auth: ApiRequestAuth } }>();
  async function send(ref: string, auth: ApiRequestAuth, message: Broadcast): Promise<void> {
    const hub = hubFor(ctx, ref);
    if (message.private && !(await hub.policies(auth, message.topic))?.write) return;
    hub.broadcast(
      { topic: `realtime:${message.topic}`, private: message.private },
      { type: 'broadcast', event: message.event, payload: message.payload },
    );
  }

  /** Nothing goes out when one payload is over the project's limit. */
  const tooLarge = async (ref: string, messages: { payload: unknown }[]) => {
    const limit = (await hubFor(ctx, ref).settings()).max_payload_size_in_kb * 1024;
    return messages.some((message) => payloadBytes(message.payload) > limit);
  };

  api.post('/api/broadcast', async (c) => {
    const body: unknown = await c.req.json().catch(() => undefined);
    const messages = messagesOf(body);
    if (typeof messages === 'string') return c.json({ message: messages }, 400);
    if (await tooLarge(c.env.project.ref, messages)) return c.json({ message: LIMIT_MESSAGES.payloadTooLarge }, 413);
    for (const message of messages) await send(c.env.project.ref, c.env.auth, message);
    return c.body(null, 202);
  });

  api.post('/api/broadcast/:topic/events/:event', async (c) => {
    const binary = c.req.header('content-type')?.startsWith('application/octet-stream');
    const payload: unknown = binary ? Buffer.from(await c.req.arrayBuffer()) : await c.req.json().catch(() => undefined);
    if (payload === undefined) return c.json({ message: 'The body must be JSON' }, 400);
    const { topic, event } = c.req.param();
    if (await tooLarge(c.env.project.ref, [{ payload }])) return c.json({ message: LIMIT_MESSAGES.payloadTooLarge }, 413);
    await send(c.env.project.ref, c.env.auth, { topic, event, payload, private: c.req.query('private') === 'true' });
    return c.body(null, 202);
  });
  return api;
}
