/** The longest a loop waits between two failed passes (the database or the chain away): it is back within this of them. */
export const BACKOFF_CAP_MS = 5000;

/**
 * How long a loop waits before its next pass: `baseMs` while passes go well; after `failures` failed ones in a row
 * `baseMs` doubled each time, up to BACKOFF_CAP_MS (or `baseMs`, when that is longer). A database or chain that is
 * away is asked less and less often, and found again within seconds of its return.
 */
export const backoffMs = (baseMs: number, failures: number) =>
  failures === 0 ? baseMs : Math.min(baseMs * 2 ** (failures - 1), Math.max(baseMs, BACKOFF_CAP_MS));

/**
 * A background loop (the crypto watcher, the payout completer, the checkout sweeper): a pass at start and every
 * `intervalMs`, never two at once in this process; a failed pass is logged and tried again after a growing delay
 * (backoffMs), so the loop resumes by itself once what failed is back. `nudge` runs a pass now (unless one runs);
 * `stop` waits for the running pass to finish.
 */
export function startLoop(
  pass: () => Promise<void>,
  intervalMs: number,
  onError: (err: unknown) => void,
): { stop: () => Promise<void>; nudge: () => void } {
  let running: Promise<void> = Promise.resolve();
  let busy = false;
  let stopped = false;
  let failures = 0;
  let timer: NodeJS.Timeout | null = null;
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(run, backoffMs(intervalMs, failures));
    timer.unref();
  };
  const run = () => {
    if (busy || stopped) return;
    if (timer) clearTimeout(timer);
    busy = true;
    running = pass()
      .then(
        () => {
          failures = 0;
        },
        (err: unknown) => {
          failures += 1;
          onError(err);
        },
      )
      .finally(() => {
        busy = false;
        schedule();
      });
  };
  run();
  return {
    nudge: run,
    stop: async () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
