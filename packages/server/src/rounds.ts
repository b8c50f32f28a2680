/**
 * Runs `round` every `intervalMs`, the next round starting only after the previous one ended (a
 * slow round is never doubled). `round` must not throw. The returned function stops the loop and
 * resolves once a round in progress has ended.
 */
export function repeatRounds(intervalMs: number, round: () => Promise<void>): () => Promise<void> {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let current: Promise<void> = Promise.resolve();
  function schedule(): void {
    timer = setTimeout(() => {
      current = round().then(() => {
        if (!stopped) schedule();
      });
    }, intervalMs);
  }
  schedule();
  return async () => {
    stopped = true;
    clearTimeout(timer);
    await current;
  };
}
