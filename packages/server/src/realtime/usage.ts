/**
 * Realtime's usage counters: messages sent to clients and the most sockets open at once, per
 * project, by UTC day (the usage pages) and by minute (the reports' charts). Kept in memory and
 * added to realtime_usage_daily and realtime_usage_minutes every few seconds (and when the
 * platform stops), so counting costs a socket nothing but an increment.
 *
 * A peak is raised by what the hub reports as sockets open and close (`open`), and also by the
 * sockets still open when a day or minute begins: a minute in which nobody connected still shows
 * the sockets that stayed open through it.
 */
import type { PlatformContext } from '../kernel/context.ts';
import * as realtimeUsage from '../store/realtime-usage.ts';
import * as minutes from '../store/realtime-usage-minutes.ts';

const FLUSH_MS = 10_000;
const MINUTE_MS = 60_000;

/**
 * Today's UTC date, worked out again once a minute rather than for every message. The minute it
 * was worked out in is kept whole, so a clock set back (or a test's fake one) is not read as a
 * day to come.
 */
let day = { text: '', from: 0, until: 0 };
function today(): string {
  const now = Date.now();
  if (now < day.from || now >= day.until) {
    const from = now - (now % MINUTE_MS);
    day = { text: new Date(now).toISOString().slice(0, 10), from, until: from + MINUTE_MS };
  }
  return day.text;
}

const thisMinute = () => Date.now() - (Date.now() % MINUTE_MS);

interface Counts {
  messages: number;
  peakConnections: number;
}

export class RealtimeUsage {
  readonly #ctx: PlatformContext;
  #days = new Map<string, realtimeUsage.RealtimeUsageCount>();
  #minutes = new Map<string, minutes.RealtimeMinuteCount>();
  /** Sockets open now, by project, as the hub last reported them through `open`. */
  readonly #open = new Map<string, number>();
  readonly #timer: NodeJS.Timeout;

  constructor(ctx: PlatformContext) {
    this.#ctx = ctx;
    this.#timer = setInterval(() => void this.flush(), FLUSH_MS);
    this.#timer.unref();
  }

  /** The project's counts of today and of this minute, each starting from the sockets open now. */
  #of(ref: string): [Counts, Counts] {
    const date = today();
    const dayKey = `${ref}|${date}`;
    let daily = this.#days.get(dayKey);
    if (!daily) this.#days.set(dayKey, (daily = { ref, day: date, messages: 0, peakConnections: this.#open.get(ref) ?? 0 }));
    const minute = thisMinute();
    const minuteKey = `${ref}|${minute}`;
    let current = this.#minutes.get(minuteKey);
    if (!current) {
      current = { ref, minute: new Date(minute), messages: 0, peakConnections: this.#open.get(ref) ?? 0 };
      this.#minutes.set(minuteKey, current);
    }
    return [daily, current];
  }

  message(ref: string, count = 1): void {
    for (const counts of this.#of(ref)) counts.messages += count;
  }

  /** Raises the peaks to `open` sockets (when one opens). */
  connections(ref: string, open: number): void {
    for (const counts of this.#of(ref)) counts.peakConnections = Math.max(counts.peakConnections, open);
  }

  /**
   * The sockets open now, after one opened or closed: raises the peaks, and is what the next
   * minutes and days start from while nothing else happens.
   */
  open(ref: string, open: number): void {
    this.#of(ref); // a minute or day beginning now began with the sockets open before this change
    if (open > 0) this.#open.set(ref, open);
    else this.#open.delete(ref);
    this.connections(ref, open);
  }

  async flush(): Promise<void> {
    // The sockets that stay open count in the minute (and day) under way, whatever else happens.
    for (const [ref, open] of this.#open) this.connections(ref, open);
    const days = [...this.#days.values()];
    const counted = [...this.#minutes.values()];
    this.#days = new Map();
    this.#minutes = new Map();
    if (!days.length && !counted.length) return;
    // The days first: once a minute is in the store, so is its day (the reports and usage pages agree).
    try {
      if (days.length) await realtimeUsage.add(this.#ctx.db, days);
      if (counted.length) await minutes.add(this.#ctx.db, counted);
    } catch (err) {
      this.#ctx.logger.warn({ err }, 'realtime usage not written');
    }
  }

  async stop(): Promise<void> {
    clearInterval(this.#timer);
    await this.flush();
  }
}
