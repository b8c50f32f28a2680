/** Counts work in progress per key, refusing more than `limit` at once for one key. */
export class RunSlots {
  readonly #taken = new Map<string, number>();

  constructor(readonly limit: number) {}

  /** Takes a slot of `key`: answers its release, or undefined when `key` holds them all. */
  take(key: string): (() => void) | undefined {
    const taken = this.#taken.get(key) ?? 0;
    if (taken >= this.limit) return undefined;
    this.#taken.set(key, taken + 1);
    return () => {
      const left = (this.#taken.get(key) ?? 1) - 1;
      if (left > 0) this.#taken.set(key, left);
      else this.#taken.delete(key);
    };
  }
}
