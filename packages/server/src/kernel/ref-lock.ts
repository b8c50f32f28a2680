/**
 * One lifecycle operation at a time per project within this process: a job re-queued after a
 * restart may meet its expired twin, and both must not initialise the same data directory.
 */
const tails = new Map<string, Promise<unknown>>();

export function withRefLock<T>(ref: string, fn: () => Promise<T>): Promise<T> {
  const previous = tails.get(ref) ?? Promise.resolve();
  const run = previous.catch(() => {}).then(fn);
  const tail = run.catch(() => {});
  tails.set(ref, tail);
  void tail.then(() => {
    if (tails.get(ref) === tail) tails.delete(ref);
  });
  return run;
}
