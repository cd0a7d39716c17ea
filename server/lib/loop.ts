import { loopFailed, loopPassed, loopStarted, type LoopName } from './loop-health.js';

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
  /** Its name in the loop figures (loop-health.ts: /metrics and the status of each loop). */
  name?: LoopName,
): { stop: () => Promise<void>; nudge: () => void } {
  if (name) loopStarted(name);
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
          if (name) loopPassed(name);
        },
        (err: unknown) => {
          failures += 1;
          if (name) loopFailed(name, err);
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

/**
 * A queue's worker (the email outbox, webhook deliveries): `drain` runs until it reports no more work, at once, when
 * `subscribe`'s signal says this process queued something, and every `pollMs`; a failed pass backs off (backoffMs).
 * `stop` waits for the pass that runs.
 */
export function startDrainLoop(opts: {
  drain: () => Promise<boolean>;
  pollMs: number;
  onError: (err: unknown) => void;
  subscribe: (kick: () => void) => () => void;
  name?: LoopName;
}): { kick: () => void; stop: () => Promise<void> } {
  const { drain, pollMs, onError, subscribe, name } = opts;
  let stopped = false;
  let wake: (() => void) | null = null;
  let pending = false;
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      if (pending) {
        pending = false;
        resolve();
        return;
      }
      const timer = setTimeout(() => {
        wake = null;
        resolve();
      }, ms);
      wake = () => {
        clearTimeout(timer);
        wake = null;
        resolve();
      };
    });
  const kick = () => {
    if (wake) wake();
    else pending = true;
  };
  const unsubscribe = subscribe(kick);
  if (name) loopStarted(name);
  const loop = (async () => {
    let failures = 0;
    while (!stopped) {
      try {
        while (!stopped && (await drain())) {
          /* more work waits */
        }
        failures = 0;
        if (name) loopPassed(name);
      } catch (err) {
        failures += 1; // the database away: ask again later and later, back within seconds of its return
        if (name) loopFailed(name, err);
        if (!stopped) onError(err);
      }
      if (!stopped) await sleep(backoffMs(pollMs, failures));
    }
  })();
  return {
    kick,
    stop: async () => {
      stopped = true;
      unsubscribe();
      wake?.();
      await loop;
    },
  };
}
