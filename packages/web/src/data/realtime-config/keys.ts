export const realtimeConfigKeys = {
  config: (ref: string | undefined) => ['projects', ref, 'realtime-config'] as const,
};
