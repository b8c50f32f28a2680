import { DEFAULT_REALTIME_CONFIG, type RealtimeConfig, type UpdateRealtimeConfigBody } from '@basin/core/schemas';
import type { Queryable } from './db.ts';

/** The project's Realtime settings: its changes over the defaults. */
export async function find(db: Queryable, ref: string): Promise<RealtimeConfig> {
  const { rows } = await db.query<{ settings: Partial<RealtimeConfig> }>('select settings from realtime_settings where ref = $1', [ref]);
  return { ...DEFAULT_REALTIME_CONFIG, ...rows[0]?.settings };
}

export async function update(db: Queryable, ref: string, changes: UpdateRealtimeConfigBody): Promise<RealtimeConfig> {
  const { rows } = await db.query<{ settings: Partial<RealtimeConfig> }>(
    `insert into realtime_settings (ref, settings) values ($1, $2)
     on conflict (ref) do update set settings = realtime_settings.settings || excluded.settings, updated_at = now()
     returning settings`,
    [ref, JSON.stringify(changes)],
  );
  return { ...DEFAULT_REALTIME_CONFIG, ...rows[0]!.settings };
}
