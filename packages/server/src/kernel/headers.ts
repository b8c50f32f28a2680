/**
 * Request headers as the project APIs read them, whether they came as a web Request's Headers or
 * straight from node:http (the gateway's read path, which builds no web Request).
 */
import type { IncomingHttpHeaders } from 'node:http';

export interface HeaderReader extends Iterable<[string, string]> {
  /** The value by name in any case; null without one. */
  get(name: string): string | null;
  has(name: string): boolean;
}

const joined = (value: string | string[]) => (Array.isArray(value) ? value.join(', ') : value);

/**
 * node:http's header record read as Headers reads it. node:http keeps only the first of some
 * repeated headers (authorization, host...) where Headers joins them all: give it only requests
 * that name no header twice.
 */
export class RecordHeaders implements HeaderReader {
  constructor(private readonly record: IncomingHttpHeaders) {}

  get(name: string): string | null {
    const value = this.record[name.toLowerCase()];
    return value === undefined ? null : joined(value);
  }

  has(name: string): boolean {
    return this.record[name.toLowerCase()] !== undefined;
  }

  *[Symbol.iterator](): Iterator<[string, string]> {
    for (const [name, value] of Object.entries(this.record)) if (value !== undefined) yield [name, joined(value)];
  }
}
