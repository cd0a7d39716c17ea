/**
 * A background loop (the crypto watcher, the payout completer): a pass at start and every `intervalMs`, never two at
 * once in this process; a failed pass is logged and tried again next time. `nudge` runs a pass now (unless one runs);
 * `stop` waits for the running pass.
 */
export function startLoop(
  pass: () => Promise<void>,
  intervalMs: number,
  onError: (err: unknown) => void,
): { stop: () => Promise<void>; nudge: () => void } {
  let running: Promise<void> = Promise.resolve();
  let busy = false;
  let stopped = false;
  const run = () => {
    if (busy || stopped) return;
    busy = true;
    running = pass()
      .catch(onError)
      .finally(() => {
        busy = false;
      });
  };
  run();
  const timer = setInterval(run, intervalMs);
  timer.unref();
  return {
    nudge: run,
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
