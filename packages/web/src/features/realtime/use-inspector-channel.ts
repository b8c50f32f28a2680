import { createClient, type RealtimeChannel, type SupabaseClient } from '@supabase/supabase-js';
import { useCallback, useEffect, useRef, useState } from 'react';
import { type InspectorMessage, type InspectorMessageType, prependMessage } from './inspector-messages';
import type { ChangeEvent, JoinRole } from './inspector-schema';

/**
 * One channel joined with the real supabase-js client, as an app would join it: the project's URL
 * and key, a user's token when joining as a user, then `channel(topic).on(...).subscribe()`.
 */
export interface InspectorJoin {
  url: string;
  /** The anon or service_role key the socket opens with. */
  apiKey: string;
  /** A user's access token, sent to Realtime before the channel joins. */
  accessToken?: string;
  role: JoinRole;
  topic: string;
  isPrivate: boolean;
  broadcast: { self: boolean } | null;
  presence: boolean;
  changes: { schema: string; table: string; event: ChangeEvent; filter: string } | null;
}

/**
 * idle: no channel; joining: waiting for the server's answer; joined: listening; reconnecting: the
 * socket dropped after the channel joined and supabase-js is joining again by itself; error: the
 * join was refused or timed out (the channel is left, nothing retries).
 */
export type ChannelStatus = 'idle' | 'joining' | 'joined' | 'reconnecting' | 'error';

export interface ChannelState {
  status: ChannelStatus;
  /** Why the join failed or the connection dropped. */
  error?: string;
  /** What was joined, while a channel is open. */
  joined?: InspectorJoin;
}

export const CHANNEL_MESSAGES = {
  timedOut: 'Timed out joining the channel: is the project running?',
  refused: 'The channel could not be joined',
  closedByServer: 'The server closed the channel',
  dropped: 'Disconnected from Realtime; joining again…',
  noConnection: (detail: string) => `Could not connect to Realtime: check the key and that the project is running (${detail})`,
  sendFailed: (reason: string) => `The broadcast was not sent (${reason})`,
} as const;

interface Session {
  client: SupabaseClient;
  /** Made once the user's token (if any) is with the client. */
  channel: RealtimeChannel | null;
  leaving: boolean;
  everJoined: boolean;
}

function makeClient(join: InspectorJoin): SupabaseClient {
  return createClient(join.url, join.apiKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  });
}

function openChannel(
  client: SupabaseClient,
  join: InspectorJoin,
  heard: (type: InspectorMessageType, event: string, payload: unknown) => void,
) {
  const channel = client.channel(join.topic, {
    config: {
      private: join.isPrivate,
      broadcast: { self: join.broadcast?.self ?? false, ack: true },
      presence: { key: '', enabled: join.presence },
    },
  });
  if (join.broadcast) {
    channel.on('broadcast', { event: '*' }, (message) => heard('broadcast', String(message.event), message.payload));
  }
  if (join.presence) {
    channel.on('presence', { event: 'join' }, ({ key, newPresences }) => heard('presence', 'join', { key, newPresences }));
    channel.on('presence', { event: 'leave' }, ({ key, leftPresences }) => heard('presence', 'leave', { key, leftPresences }));
  }
  if (join.changes) {
    const { schema, table, event, filter } = join.changes;
    channel.on('postgres_changes', { event: event as '*', schema, ...(table ? { table } : {}), ...(filter ? { filter } : {}) }, (change) =>
      heard('postgres_changes', change.eventType, change),
    );
  }
  return channel;
}

/** Why a join failed: the server's reason, or what supabase-js says when the socket never opened. */
function refusal(error: Error | undefined): string {
  const message = error?.message;
  if (!message) return CHANNEL_MESSAGES.refused;
  return /^(socket closed|channel error):/.test(message) ? CHANNEL_MESSAGES.noConnection(message) : message;
}

/** The inspector's one channel: join, leave, send a broadcast, and what it heard, newest first. */
export function useInspectorChannel() {
  const [state, setState] = useState<ChannelState>({ status: 'idle' });
  const [messages, setMessages] = useState<InspectorMessage[]>([]);
  const session = useRef<Session | null>(null);
  const nextId = useRef(1);

  const close = useCallback((current: Session) => {
    current.leaving = true;
    if (session.current === current) session.current = null;
    void current.client.removeAllChannels().finally(() => current.client.realtime.disconnect());
  }, []);

  // Leaving the page leaves the channel.
  useEffect(
    () => () => {
      if (session.current) close(session.current);
    },
    [close],
  );

  const join = useCallback(
    async (join: InspectorJoin) => {
      if (session.current) close(session.current);
      setMessages([]);
      setState({ status: 'joining', joined: join });
      const current: Session = { client: makeClient(join), channel: null, leaving: false, everJoined: false };
      session.current = current;
      if (join.accessToken) await current.client.realtime.setAuth(join.accessToken);
      // Left (or joined elsewhere) while the token was being set.
      if (session.current !== current) return;
      const heard = (type: InspectorMessageType, event: string, payload: unknown) => {
        if (session.current !== current) return;
        const message = { id: nextId.current++, receivedAt: new Date(), type, event, payload };
        setMessages((previous) => prependMessage(previous, message));
      };
      current.channel = openChannel(current.client, join, heard);
      current.channel.subscribe((status, error) => {
        if (current.leaving || session.current !== current) return;
        if (status === 'SUBSCRIBED') {
          current.everJoined = true;
          setState({ status: 'joined', joined: join });
        } else if (current.everJoined && (status === 'CHANNEL_ERROR' || status === 'TIMED_OUT')) {
          // supabase-js rejoins by itself once the socket is back.
          setState({ status: 'reconnecting', joined: join, error: CHANNEL_MESSAGES.dropped });
        } else {
          const reason =
            status === 'TIMED_OUT' ? CHANNEL_MESSAGES.timedOut : status === 'CLOSED' ? CHANNEL_MESSAGES.closedByServer : refusal(error);
          close(current);
          setState({ status: 'error', error: reason });
        }
      });
    },
    [close],
  );

  const leave = useCallback(() => {
    if (session.current) close(session.current);
    setState({ status: 'idle' });
  }, [close]);

  /** Sends on the joined channel and waits for the server's acknowledgement; throws with the reason otherwise. */
  const send = useCallback(async (event: string, payload: Record<string, unknown>) => {
    const channel = session.current?.channel;
    if (!channel) throw new Error(CHANNEL_MESSAGES.sendFailed('not joined'));
    const answer = await channel.send({ type: 'broadcast', event, payload });
    if (answer !== 'ok') throw new Error(CHANNEL_MESSAGES.sendFailed(answer));
  }, []);

  const clear = useCallback(() => setMessages([]), []);

  return { state, messages, join, leave, send, clear };
}
