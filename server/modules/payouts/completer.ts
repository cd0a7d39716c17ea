/**
 * The payout completer: a background loop (like the checkout sweeper and the crypto watcher) that finishes on-chain
 * payouts nobody is finishing: a transfer that was not mined while its press waited (left 'sent'), or one a process
 * stored and then crashed before recording (its claim lapsed). Each is finished by `finishStoredTransfer`, the press's
 * own steps 2 and 3: the same stored bytes are sent again or their receipt found; mined → the payout completes with its
 * commissions paid and the recipient told; lost or reverted → it stays pending, to be paid again by a person.
 * Several processes may run it at once: a payout is taken only under its row lock with no live claim, so each stored
 * transfer is finished by one of them, and nothing is ever signed here.
 */
import { and, asc, inArray, isNull, lt, or, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { payouts } from '../../db/schema.js';
import { mark, publishSince } from '../../lib/invalidation.js';
import { startLoop } from '../../lib/loop.js';
import type { ChainRuntime } from '../mint/runtime.js';
import { finishStoredTransfer } from './onchain.js';
import { messageOf, sentenceOf } from '../../lib/errors.js';

const BATCH = 20;

type Log = { info(msg: string): void; warn(msg: string): void; error(msg: string): void };

export type CompleterPass = { completed: string[]; failed: string[]; waiting: string[] };

/** One pass over the pending payouts with a stored transfer whose claim lapsed (or was released). */
export async function completeStoredPayouts(db: Db, runtime: ChainRuntime | null, log: Log): Promise<CompleterPass> {
  const out: CompleterPass = { completed: [], failed: [], waiting: [] };
  const due = await db
    .select({ id: payouts.id })
    .from(payouts)
    .where(
      and(
        eq(payouts.status, 'pending'),
        inArray(payouts.transferState, ['signed', 'sent']),
        or(isNull(payouts.transferClaimedUntil), lt(payouts.transferClaimedUntil, sql`now()`)),
      ),
    )
    .orderBy(asc(payouts.updatedAt))
    .limit(BATCH);
  for (const { id } of due) {
    try {
      const done = await finishStoredTransfer(db, runtime, id);
      if (!done) continue; // another process (or a press) took it first
      if (done.state === 'mined') out.completed.push(id);
      else if (done.failure) {
        out.failed.push(id);
        log.warn(`payout ${id}: ${sentenceOf(done.failure)}`);
      } else out.waiting.push(id);
    } catch (err) {
      // The chain unreachable: the claim was released and the same transfer is sent again next pass.
      log.warn(`payout ${id}: finishing its transfer failed, tried again next pass: ${messageOf(err)}`);
    }
  }
  return out;
}

/** A pass at start and every `intervalMs`; a failed pass is logged and tried again next time. */
export function startPayoutCompleter(
  db: Db,
  runtime: ChainRuntime,
  intervalMs: number,
  log: Log,
): { stop: () => Promise<void> } {
  return startLoop(
    async () => {
      const before = mark();
      const p = await completeStoredPayouts(db, runtime, log);
      await publishSince(before); // other processes' payout counts see the completed ones
      if (p.completed.length > 0) log.info(`payout completer: ${p.completed.length} payout(s) completed on chain`);
    },
    intervalMs,
    (err) => log.error(`payout completer pass failed: ${messageOf(err)}`),
    'payout_completer',
  );
}
