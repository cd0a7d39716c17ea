/**
 * Counts the SQL statements a request costs, as server/db/client.ts hears them go to the database (both engines):
 * the statement budgets of tests/api/statement-budget.test.ts. Load on the machine changes a benchmark's figures, not
 * these counts. SHOW_SQL=1 prints each statement counted.
 */
import { watchStatements } from '../../server/db/client.js';

export type Count = {
  /** Statements other than transaction control. */
  statements: number;
  /** Every message to the database: the statements, and each transaction's begin and its commit or rollback. */
  roundTrips: number;
  transactions: number;
  /** The statements' text, in order (begin and commit included). */
  sql: string[];
};

const CONTROL = /^\s*(begin|commit|rollback)\b/i;

/** Runs `fn` with every statement sent meanwhile counted. Only one count at a time: requests must not overlap. */
export async function countStatements<T>(fn: () => Promise<T>): Promise<{ result: T; count: Count }> {
  const count: Count = { statements: 0, roundTrips: 0, transactions: 0, sql: [] };
  const stop = watchStatements((sql) => {
    count.roundTrips++;
    count.sql.push(sql);
    if (process.env.SHOW_SQL) process.stdout.write(`SQL ${sql.replace(/\s+/g, ' ').slice(0, 300)}\n`);
    if (!CONTROL.test(sql)) count.statements++;
    else if (/^\s*begin/i.test(sql)) count.transactions++;
  });
  try {
    return { result: await fn(), count };
  } finally {
    stop();
  }
}

/**
 * Waits until the database has heard nothing for `quietMs`: work a previous request left running after its answer
 * (a notice written, a counter folded) must not be counted against the next one.
 */
export async function settled(quietMs = 150, maxMs = 5_000): Promise<void> {
  const started = Date.now();
  let heard = true;
  const stop = watchStatements(() => (heard = true));
  try {
    while (heard && Date.now() - started < maxMs) {
      heard = false;
      await new Promise((r) => setTimeout(r, quietMs));
    }
  } finally {
    stop();
  }
}
