/**
 * Work that must wait for the caller's transaction to commit (waking a worker that reads what it wrote), and must not
 * run if it rolls back. `afterCommit` keeps it in the outermost transaction's list (an AsyncLocalStorage); the
 * database's `transaction` runs the list once its commit has returned. Outside a transaction it runs at once.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

type Pending = { fns: (() => void)[]; done: boolean };
const current = new AsyncLocalStorage<Pending>();

export function afterCommit(fn: () => void) {
  const pending = current.getStore();
  // `done`: work its transaction's callback left running after the commit (a timer) is past that commit.
  if (pending && !pending.done) pending.fns.push(fn);
  else fn();
}

/** `db` whose outermost `transaction` runs what `afterCommit` kept once it has committed, and drops it on a rollback. */
export function runsAfterCommit<T extends { transaction: unknown }>(db: T): T {
  const transaction = (db.transaction as (...args: unknown[]) => Promise<unknown>).bind(db);
  (db as { transaction: unknown }).transaction = async (...args: unknown[]) => {
    const outer = current.getStore();
    if (outer && !outer.done) return transaction(...args);
    const pending: Pending = { fns: [], done: false };
    try {
      const result = await current.run(pending, () => transaction(...args));
      pending.done = true;
      // Its commit stands whatever these do: a failure is a warning, never the transaction's answer.
      for (const fn of pending.fns) {
        try {
          fn();
        } catch (err) {
          process.emitWarning(err instanceof Error ? err : String(err), 'AfterCommitWarning');
        }
      }
      return result;
    } finally {
      pending.done = true;
    }
  };
  return db;
}
