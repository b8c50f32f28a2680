/**
 * The findings of each project, kept for a short while: the dashboard, the assistant and scripts
 * read the same findings without running every query again. Concurrent readers of a project
 * share one run.
 */
import type { LintItem } from './run-lints.ts';

export const LINT_CACHE_TTL_MS = 30_000;

interface Entry {
  at: number;
  run: Promise<LintItem[]>;
}

export class LintCache {
  readonly #entries = new Map<string, Entry>();

  constructor(readonly ttlMs = LINT_CACHE_TTL_MS) {}

  /** The cached findings of `ref`, or a fresh run when they are missing, stale or `refresh` is asked. */
  get(ref: string, run: () => Promise<LintItem[]>, refresh = false): Promise<LintItem[]> {
    const entry = this.#entries.get(ref);
    if (entry && !refresh && Date.now() - entry.at < this.ttlMs) return entry.run;
    const fresh: Entry = { at: Date.now(), run: run() };
    this.#entries.set(ref, fresh);
    // A failed run is not kept: the next reader tries again.
    fresh.run.catch(() => {
      if (this.#entries.get(ref) === fresh) this.#entries.delete(ref);
    });
    return fresh.run;
  }

  invalidate(ref: string): void {
    this.#entries.delete(ref);
  }
}
