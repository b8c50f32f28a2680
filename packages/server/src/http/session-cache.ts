import type { Profile } from '@basin/core/schemas';

/**
 * Verified sessions by Cookie header, for a few seconds. Dashboards poll the status route every
 * 4 s and better-auth's session lookup costs more than the status query itself; sign-out forgets
 * its entry at once, so the only lag (a few seconds) is for sessions revoked elsewhere.
 */
export class SessionCache {
  readonly #entries = new Map<string, { profile: Profile; until: number }>();

  constructor(
    private readonly ttlMs = 5000,
    private readonly maxEntries = 10_000,
  ) {}

  get(cookie: string): Profile | undefined {
    const entry = this.#entries.get(cookie);
    if (entry && entry.until > Date.now()) return entry.profile;
    this.#entries.delete(cookie);
    return undefined;
  }

  set(cookie: string, profile: Profile): void {
    if (this.#entries.size >= this.maxEntries) this.#entries.delete(this.#entries.keys().next().value!);
    this.#entries.set(cookie, { profile, until: Date.now() + this.ttlMs });
  }

  forget(cookie: string | undefined): void {
    if (cookie) this.#entries.delete(cookie);
  }
}
