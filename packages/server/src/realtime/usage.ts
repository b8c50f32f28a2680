/**
 * Realtime's usage counters: messages sent to clients and the most sockets open at once, per
 * project and UTC day, kept in memory and added to realtime_usage_daily every few seconds (and
 * when the platform stops), so counting costs a socket nothing but an increment.
 */
import type { PlatformContext } from '../kernel/context.ts';
import * as realtimeUsage from '../store/realtime-usage.ts';

const FLUSH_MS = 10_000;

/** Today's UTC date, worked out again once a minute rather than for every message. */
let day = { text: '', until: 0 };
function today(): string {
  const now = Date.now();
  if (now >= day.until) day = { text: new Date(now).toISOString().slice(0, 10), until: now + 60_000 - (now % 60_000) };
  return day.text;
}

export class RealtimeUsage {
  readonly #ctx: PlatformContext;
  #counts = new Map<string, realtimeUsage.RealtimeUsageCount>();
  readonly #timer: NodeJS.Timeout;

  constructor(ctx: PlatformContext) {
    this.#ctx = ctx;
    this.#timer = setInterval(() => void this.flush(), FLUSH_MS);
    this.#timer.unref();
  }

  #of(ref: string): realtimeUsage.RealtimeUsageCount {
    const day = today();
    const key = `${ref}|${day}`;
    let count = this.#counts.get(key);
    if (!count) this.#counts.set(key, (count = { ref, day, messages: 0, peakConnections: 0 }));
    return count;
  }

  message(ref: string, count = 1): void {
    this.#of(ref).messages += count;
  }

  connections(ref: string, open: number): void {
    const count = this.#of(ref);
    count.peakConnections = Math.max(count.peakConnections, open);
  }

  async flush(): Promise<void> {
    const counts = [...this.#counts.values()];
    this.#counts = new Map();
    if (!counts.length) return;
    await realtimeUsage.add(this.#ctx.db, counts).catch((err: unknown) => this.#ctx.logger.warn({ err }, 'realtime usage not written'));
  }

  async stop(): Promise<void> {
    clearInterval(this.#timer);
    await this.flush();
  }
}
