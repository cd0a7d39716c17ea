/**
 * What each background loop of this process last did: the mint worker, the email outbox, webhook deliveries, the crypto watcher, the
 * payout completer, the checkout sweeper, the holders indexer. A loop records each pass (loopPassed / loopFailed); /metrics reads it
 * (rwa_loop_last_success_timestamp_seconds, rwa_loop_errors_total) and so may a status page.
 */
export type LoopName =
  | 'mint_worker'
  | 'email_outbox'
  | 'webhook_delivery'
  | 'crypto_watcher'
  | 'payout_completer'
  | 'checkout_sweeper'
  | 'holders_indexer';

export type LoopHealth = {
  /** When the loop started in this process (seconds since the epoch). */
  startedAt: number;
  /** When its last pass went well (seconds since the epoch); null: none yet. */
  lastSuccessAt: number | null;
  /** Failed passes since the process started. */
  errors: number;
  lastError: string | null;
  lastErrorAt: number | null;
};

const loops = new Map<LoopName, LoopHealth>();
const now = () => Date.now() / 1000;

const of = (name: LoopName): LoopHealth => {
  let health = loops.get(name);
  if (!health) {
    health = { startedAt: now(), lastSuccessAt: null, errors: 0, lastError: null, lastErrorAt: null };
    loops.set(name, health);
  }
  return health;
};

/** The loop runs in this process (before its first pass ends). */
export const loopStarted = (name: LoopName): void => void of(name);

export const loopPassed = (name: LoopName): void => {
  of(name).lastSuccessAt = now();
};

export const loopFailed = (name: LoopName, err: unknown): void => {
  const health = of(name);
  health.errors += 1;
  health.lastError = err instanceof Error ? err.message : String(err);
  health.lastErrorAt = now();
};

/** Every loop this process has run, with its figures. */
export const loopHealth = (): ReadonlyMap<LoopName, Readonly<LoopHealth>> => loops;
