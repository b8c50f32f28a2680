import { z } from 'zod';

/**
 * A project's Realtime settings (Realtime → Settings, and `/v1/projects/{ref}/config/realtime` as
 * Supabase's management API names them): the limits each project's sockets are held to, and
 * whether public channels are refused. Over a limit a client gets Realtime's own error.
 */
export const REALTIME_LIMITS = {
  max_concurrent_users: { label: 'Max concurrent clients', default: 200, max: 10_000, unit: 'clients' },
  max_events_per_second: { label: 'Max events per second', default: 100, max: 10_000, unit: 'events/s per client' },
  max_presence_events_per_second: { label: 'Max presence events per second', default: 100, max: 10_000, unit: 'events/s per client' },
  max_joins_per_second: { label: 'Max channel joins per second', default: 100, max: 10_000, unit: 'joins/s' },
  max_channels_per_client: { label: 'Max channels per client', default: 100, max: 1_000, unit: 'channels' },
  max_payload_size_in_kb: { label: 'Max payload size', default: 256, max: 3_000, unit: 'KB' },
} as const;

export type RealtimeLimit = keyof typeof REALTIME_LIMITS;

const limit = (name: RealtimeLimit) =>
  z
    .number({ error: `${REALTIME_LIMITS[name].label} must be a number` })
    .int(`${REALTIME_LIMITS[name].label} must be a whole number`)
    .min(1, `${REALTIME_LIMITS[name].label} must be at least 1`)
    .max(REALTIME_LIMITS[name].max, `${REALTIME_LIMITS[name].label} must be at most ${REALTIME_LIMITS[name].max}`);

export const RealtimeConfig = z
  .object({
    /** Only private channels (policies on realtime.messages) may be joined. */
    private_only: z.boolean(),
    max_concurrent_users: limit('max_concurrent_users'),
    max_events_per_second: limit('max_events_per_second'),
    max_presence_events_per_second: limit('max_presence_events_per_second'),
    max_joins_per_second: limit('max_joins_per_second'),
    max_channels_per_client: limit('max_channels_per_client'),
    max_payload_size_in_kb: limit('max_payload_size_in_kb'),
  })
  .meta({ id: 'RealtimeConfig' });
export type RealtimeConfig = z.infer<typeof RealtimeConfig>;

export const UpdateRealtimeConfigBody = RealtimeConfig.partial().strict().meta({ id: 'UpdateRealtimeConfigBody' });
export type UpdateRealtimeConfigBody = z.infer<typeof UpdateRealtimeConfigBody>;

export const DEFAULT_REALTIME_CONFIG: RealtimeConfig = {
  private_only: false,
  ...(Object.fromEntries(Object.entries(REALTIME_LIMITS).map(([name, { default: value }]) => [name, value])) as Record<
    RealtimeLimit,
    number
  >),
};
