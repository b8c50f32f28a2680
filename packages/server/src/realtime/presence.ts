/**
 * Presence of one topic, as Phoenix Presence keeps it: each key (the join's `presence.key`, else
 * a random one) holds a list of metas, one per tracking channel, each with its `phx_ref`. Changes
 * go out as `presence_diff` `{ joins, leaves }`; a joining channel gets the whole state first as
 * `presence_state`.
 */
import { randomBytes } from 'node:crypto';

export type Meta = Record<string, unknown> & { phx_ref: string };
export type PresenceMap = Record<string, { metas: Meta[] }>;

export interface PresenceDiff {
  joins: PresenceMap;
  leaves: PresenceMap;
}

const newRef = () => randomBytes(9).toString('base64url');

/** Tracked metas of one topic, by key, then by the channel (join) that tracks them. */
export class TopicPresence<Owner> {
  readonly #byKey = new Map<string, Map<Owner, Meta>>();

  get isEmpty(): boolean {
    return this.#byKey.size === 0;
  }

  state(): PresenceMap {
    const state: PresenceMap = {};
    for (const [key, metas] of this.#byKey) state[key] = { metas: [...metas.values()] };
    return state;
  }

  /** Tracks (or re-tracks) `owner` under `key`; the diff to send. */
  track(owner: Owner, key: string, payload: Record<string, unknown>): PresenceDiff {
    const metas = this.#byKey.get(key) ?? new Map<Owner, Meta>();
    this.#byKey.set(key, metas);
    const previous = metas.get(owner);
    const meta: Meta = { ...payload, phx_ref: newRef(), ...(previous ? { phx_ref_prev: previous.phx_ref } : {}) };
    metas.set(owner, meta);
    return { joins: { [key]: { metas: [meta] } }, leaves: previous ? { [key]: { metas: [previous] } } : {} };
  }

  /** Stops tracking `owner` under `key`; the diff to send, or undefined when it was not tracked. */
  untrack(owner: Owner, key: string): PresenceDiff | undefined {
    const metas = this.#byKey.get(key);
    const previous = metas?.get(owner);
    if (!metas || !previous) return undefined;
    metas.delete(owner);
    if (metas.size === 0) this.#byKey.delete(key);
    return { joins: {}, leaves: { [key]: { metas: [previous] } } };
  }
}

/** The key of a join that names none. */
export const randomPresenceKey = () => randomBytes(16).toString('hex');
