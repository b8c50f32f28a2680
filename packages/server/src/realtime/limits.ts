/**
 * Realtime's limits (settings.ts), as Supabase Realtime words their refusals: a join over a limit
 * is refused with the reason, a channel that sends too fast is shut with a system message; the
 * socket itself stays open.
 */

export const LIMIT_MESSAGES = {
  privateOnly: 'PrivateOnly: This project only allows private channels',
  tooManyUsers: 'ConnectionRateLimitReached: Too many connected users',
  tooManyChannels: 'ChannelRateLimitReached: Too many channels',
  tooManyJoins: 'ClientJoinRateLimitReached: Too many joins per second',
  tooManyEvents: 'Too many messages per second',
  tooManyPresenceEvents: 'Too many presence messages per second',
  payloadTooLarge: 'Payload size exceeded',
  trackTooLarge: 'Track message size exceeded',
} as const;

/** Events counted in the current second; `take` answers false once the second's budget is spent. */
export class RateWindow {
  #second = 0;
  #count = 0;

  take(limit: number): boolean {
    const second = Math.floor(Date.now() / 1000);
    if (second !== this.#second) {
      this.#second = second;
      this.#count = 0;
    }
    this.#count += 1;
    return this.#count <= limit;
  }
}

/** A payload's size as the limit counts it: its JSON, or its bytes. */
export const payloadBytes = (payload: unknown) =>
  Buffer.isBuffer(payload) ? payload.length : Buffer.byteLength(JSON.stringify(payload) ?? '');
