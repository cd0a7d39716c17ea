/**
 * The crypto watcher: a background loop (like the checkout sweeper and the mint worker) that
 *  1. scans new confirmed blocks for transfers to deposit addresses, from a cursor stored per chain (`crypto_watch`),
 *     recording each (`crypto_transfers`, keyed by its hash, so a rescan changes nothing): that is who paid;
 *  2. reads what each pending crypto payment's address holds at the confirmed height (head − confirmations + 1):
 *     less than the amount stays pending with what was received (and what is missing) on the payment; the amount or
 *     more completes it through `applyProviderEvent` (an overpayment is kept as received);
 *  3. sends money that reached the address of a failed payment (an expired checkout) back to its payer;
 *  4. re-broadcasts stored refund transactions until a receipt is seen.
 * Everything it knows is in the database, so a restart (or another process) carries on. Several processes may watch
 * at once: the cursor moves under SKIP LOCKED with a check that it did not move meanwhile, and a payment completes
 * only under its order's lock while still pending (markOrderPaid's conditional update), so never twice.
 */
import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, inArray, min, sql } from 'drizzle-orm';
import { getAddress, TransactionReceiptNotFoundError, type Hex } from 'viem';
import { broadcast } from '../../../chain/mint.js';
import { startLoop } from '../../../lib/loop.js';
import type { Db, Queryable } from '../../../db/client.js';
import { cryptoDeposits, cryptoRefunds, cryptoTransfers, cryptoWatch, payments, refunds } from '../../../db/schema.js';
import { audit } from '../../audit/service.js';
import { recordPaymentEvent } from '../../audit/payment-events.js';
import { mintQueued } from '../../mint/enqueue.js';
import { storeDepositTransfer, type CryptoRuntime } from '../providers/crypto.js';
import { applyProviderEvent, lockPayment } from '../service.js';
import { confirmedHeight, depositVerdict, fromWei, isPaid, refundTransfer, weiOf } from './policy.js';
import { messageOf } from '../../../lib/errors.js';

/** Blocks looked at per pass; the rest waits for the next one. */
const SCAN_BATCH = 200;
/** On start a process scans this many blocks again (a rescan is harmless), in case the dev chain's replay reordered a few. */
const REWIND = 32;
const SETTLE_BATCH = 200;

type Log = { info(msg: string): void; warn(msg: string): void; error(msg: string): void };

export type WatchPass = {
  scannedTo: bigint | null;
  transfers: number;
  completed: string[];
  returned: string[];
  resent: number;
};

export class CryptoWatcher {
  private rewound = false;
  constructor(
    private readonly db: Db,
    private readonly rt: CryptoRuntime,
    private readonly log: Log,
  ) {}

  private get chainId() {
    return this.rt.chain.chainId;
  }

  /** One pass: scan, settle, resend. */
  async pass(now = () => new Date()): Promise<WatchPass> {
    const head = await this.rt.chain.publicClient.getBlockNumber();
    const confirmed = confirmedHeight(head, this.rt.confirmations);
    const out: WatchPass = { scannedTo: null, transfers: 0, completed: [], returned: [], resent: 0 };
    if (confirmed === null) return out;
    Object.assign(out, await this.scan(confirmed));
    out.completed = await this.settle(confirmed, now);
    out.returned = await this.returnStranded(confirmed, now);
    out.resent = await this.resendRefunds(now);
    return out;
  }

  /** Records transfers to deposit addresses in blocks after the cursor, up to `confirmed`. */
  private async scan(confirmed: bigint): Promise<Pick<WatchPass, 'scannedTo' | 'transfers'>> {
    const { db, chainId } = this;
    const [cursor] = await db.select().from(cryptoWatch).where(eq(cryptoWatch.chainId, chainId)).limit(1);
    let start: bigint;
    if (cursor) {
      start = BigInt(cursor.scannedBlock) + 1n;
      if (!this.rewound) start = start > BigInt(REWIND) ? start - BigInt(REWIND) : 1n;
    } else {
      const [first] = await db
        .select({ block: min(cryptoDeposits.fromBlock) })
        .from(cryptoDeposits)
        .where(eq(cryptoDeposits.chainId, chainId));
      if (first?.block === null || first?.block === undefined) {
        // Nothing to watch yet: start from here (every future deposit address is handed out at or after this height).
        await db
          .insert(cryptoWatch)
          .values({ chainId, scannedBlock: Number(confirmed) })
          .onConflictDoNothing();
        return { scannedTo: confirmed, transfers: 0 };
      }
      start = BigInt(first.block) + 1n;
    }
    const end = confirmed < start + BigInt(SCAN_BATCH) - 1n ? confirmed : start + BigInt(SCAN_BATCH) - 1n;
    if (end < start) return { scannedTo: null, transfers: 0 };
    const found: { txHash: string; to: string; sender: string; value: bigint; block: number }[] = [];
    for (let b = start; b <= end; b++) {
      const block = await this.rt.chain.publicClient.getBlock({ blockNumber: b, includeTransactions: true });
      for (const t of block.transactions) {
        if (t.to && t.value > 0n)
          found.push({
            txHash: t.hash,
            to: getAddress(t.to),
            sender: getAddress(t.from),
            value: t.value,
            block: Number(b),
          });
      }
    }
    const expected = cursor?.scannedBlock ?? null;
    let recorded = 0;
    const moved = await db.transaction(async (tx) => {
      await tx
        .insert(cryptoWatch)
        .values({ chainId, scannedBlock: Number(start) - 1 })
        .onConflictDoNothing();
      const [held] = await tx
        .select()
        .from(cryptoWatch)
        .where(eq(cryptoWatch.chainId, chainId))
        .for('update', { skipLocked: true })
        .limit(1);
      // Another process holds the cursor, or moved it while this one read the blocks: its scan counts, not this one.
      if (!held || (expected !== null && held.scannedBlock !== expected)) return false;
      if (found.length > 0) {
        const deposits = await tx
          .select({ paymentId: cryptoDeposits.paymentId, address: cryptoDeposits.address })
          .from(cryptoDeposits)
          .where(
            and(
              eq(cryptoDeposits.chainId, chainId),
              inArray(cryptoDeposits.address, [...new Set(found.map((f) => f.to))]),
            ),
          );
        const byAddress = new Map(deposits.map((d) => [d.address, d.paymentId]));
        const rows = found
          .filter((f) => byAddress.has(f.to))
          .map((f) => ({
            chainId,
            txHash: f.txHash,
            paymentId: byAddress.get(f.to)!,
            sender: f.sender,
            valueWei: f.value.toString(),
            blockNumber: f.block,
          }));
        if (rows.length > 0)
          recorded = (
            await tx.insert(cryptoTransfers).values(rows).onConflictDoNothing().returning({ h: cryptoTransfers.txHash })
          ).length;
      }
      if (held.scannedBlock < Number(end)) {
        await tx
          .update(cryptoWatch)
          .set({ scannedBlock: Math.max(held.scannedBlock, Number(end)), updatedAt: sql`now()` })
          .where(eq(cryptoWatch.chainId, chainId));
      }
      return true;
    });
    if (moved) this.rewound = true;
    return { scannedTo: moved ? end : null, transfers: recorded };
  }

  /** The sender and transaction of the largest transfer found to a payment's address (the earliest of equals). */
  private async payerOf(db: Queryable, paymentId: string) {
    const [best] = await db
      .select({ sender: cryptoTransfers.sender, txHash: cryptoTransfers.txHash })
      .from(cryptoTransfers)
      .where(eq(cryptoTransfers.paymentId, paymentId))
      .orderBy(desc(cryptoTransfers.valueWei), asc(cryptoTransfers.blockNumber))
      .limit(1);
    return best ?? null;
  }

  /** Looks at every pending crypto payment's address at the confirmed height; answers the ids it completed. */
  private async settle(confirmed: bigint, now: () => Date): Promise<string[]> {
    const { db, chainId } = this;
    const open = await db
      .select({
        id: payments.id,
        address: cryptoDeposits.address,
        amountWei: cryptoDeposits.amountWei,
        receivedWei: cryptoDeposits.receivedWei,
      })
      .from(cryptoDeposits)
      .innerJoin(payments, eq(payments.id, cryptoDeposits.paymentId))
      .where(and(eq(cryptoDeposits.chainId, chainId), eq(payments.status, 'pending')))
      .orderBy(asc(cryptoDeposits.derivationIndex))
      .limit(SETTLE_BATCH);
    const completed: string[] = [];
    for (const d of open) {
      const balance = await this.rt.chain.publicClient.getBalance({
        address: d.address as Hex,
        blockNumber: confirmed,
      });
      const verdict = depositVerdict(weiOf(d.amountWei), balance);
      if (!isPaid(verdict) && balance === weiOf(d.receivedWei)) continue;
      const done = await db.transaction(async (tx) => {
        const at = now();
        const { payment, order } = await lockPayment(tx, d.id, 'crypto');
        if (payment.status !== 'pending') return false;
        const [deposit] = await tx
          .select()
          .from(cryptoDeposits)
          .where(eq(cryptoDeposits.paymentId, d.id))
          .for('update')
          .limit(1);
        const payer = await this.payerOf(tx, d.id);
        const changed = weiOf(deposit!.receivedWei) !== balance;
        await tx
          .update(cryptoDeposits)
          .set({
            receivedWei: balance.toString(),
            checkedBlock: Number(confirmed),
            payer: payer?.sender ?? deposit!.payer,
            payTxHash: payer?.txHash ?? deposit!.payTxHash,
            updatedAt: at,
          })
          .where(eq(cryptoDeposits.paymentId, d.id));
        if (changed) {
          const reason =
            verdict.kind === 'under'
              ? `Received ${fromWei(balance)} of ${fromWei(weiOf(d.amountWei))}: ${fromWei(verdict.missing)} missing.`
              : verdict.kind === 'over'
                ? `Received ${fromWei(balance)}: ${fromWei(verdict.over)} more than the amount.`
                : `Received ${fromWei(balance)}.`;
          await recordPaymentEvent(
            tx,
            d.id,
            'received',
            { reason, reference: payer?.txHash ?? null, code: verdict.kind },
            null,
            at,
          );
        }
        if (!isPaid(verdict)) return false;
        await applyProviderEvent(
          tx,
          order,
          payment,
          { type: 'payment.succeeded', reference: payer?.txHash ?? d.address },
          null,
          at,
        );
        return true;
      });
      if (done) completed.push(d.id);
    }
    // A payment completed while another process held the cursor learns its payer once the transfer is scanned.
    await db.execute(sql`
      update crypto_deposits d set payer = t.sender, pay_tx_hash = t.tx_hash, updated_at = now()
      from (select distinct on (payment_id) payment_id, sender, tx_hash from crypto_transfers order by payment_id, value_wei desc, block_number asc) t
      where d.payer is null and t.payment_id = d.payment_id and d.chain_id = ${chainId}`);
    if (completed.length > 0) mintQueued();
    return completed;
  }

  /**
   * Money on the address of a payment that failed (its checkout expired, underpaid or unpaid, or paid too late): sent
   * back to the payer less the transfer's fee, once nothing sent from that address is still waiting for its receipt.
   * Recorded as a refund of 0.00 (the payment took nothing) with the transaction, and on the timeline.
   */
  private async returnStranded(confirmed: bigint, now: () => Date): Promise<string[]> {
    const { db, chainId, rt } = this;
    const failed = await db
      .select({ id: payments.id, address: cryptoDeposits.address })
      .from(cryptoDeposits)
      .innerJoin(payments, eq(payments.id, cryptoDeposits.paymentId))
      .where(
        and(
          eq(cryptoDeposits.chainId, chainId),
          eq(payments.status, 'failed'),
          sql`exists (select 1 from crypto_transfers t where t.payment_id = ${cryptoDeposits.paymentId})`,
          sql`not exists (select 1 from crypto_refunds r where r.payment_id = ${cryptoDeposits.paymentId} and r.status = 'sent')`,
        ),
      )
      .limit(SETTLE_BATCH);
    const returned: string[] = [];
    for (const f of failed) {
      const balance = await rt.chain.publicClient.getBalance({ address: f.address as Hex, blockNumber: confirmed });
      if (balance === 0n) continue;
      const fees = await rt.chain.publicClient.estimateFeesPerGas({ type: 'eip1559' });
      const transfer = refundTransfer(balance, fees.maxFeePerGas);
      if ('refused' in transfer) continue; // dust below the fee of sending it back
      const sent = await db.transaction(async (tx) => {
        const at = now();
        const { payment } = await lockPayment(tx, f.id, 'crypto');
        if (payment.status !== 'failed') return null;
        const [open] = await tx
          .select({ id: cryptoRefunds.refundId })
          .from(cryptoRefunds)
          .where(and(eq(cryptoRefunds.paymentId, f.id), eq(cryptoRefunds.status, 'sent')))
          .limit(1);
        if (open) return null;
        const [deposit] = await tx
          .select()
          .from(cryptoDeposits)
          .where(eq(cryptoDeposits.paymentId, f.id))
          .for('update')
          .limit(1);
        const payer = deposit!.payer ? { sender: deposit!.payer } : await this.payerOf(tx, f.id);
        if (!payer) return null;
        const refundId = randomUUID();
        const reason = `Received ${fromWei(balance)} after the payment had failed: sent back less the network fee (${fromWei(transfer.feeWei)}).`;
        const stored = await storeDepositTransfer(
          rt,
          tx,
          deposit!,
          getAddress(payer.sender),
          transfer.valueWei,
          transfer.feeWei,
          fees.maxFeePerGas,
          refundId,
          at,
        );
        await tx.insert(refunds).values({
          id: refundId,
          paymentId: f.id,
          amountCents: 0,
          reason,
          reference: stored.txHash,
          createdBy: null,
          createdAt: at,
        });
        await recordPaymentEvent(
          tx,
          f.id,
          'refunded',
          { amountCents: 0, reason, reference: stored.txHash, code: 'returned_after_failure' },
          null,
          at,
        );
        await audit(tx, null, 'payment.crypto_returned', 'payment', f.id, {
          txHash: stored.txHash,
          valueWei: transfer.valueWei.toString(),
        });
        return stored;
      });
      if (!sent) continue;
      returned.push(f.id);
      await broadcast(rt.chain as Parameters<typeof broadcast>[0], sent.signedTx).catch((err: unknown) =>
        this.log.warn(`crypto return ${sent.txHash}: broadcast failed, sent again next pass: ${messageOf(err)}`),
      );
    }
    return returned;
  }

  /** Stored refund transactions without a receipt: mined ones are recorded, the others sent again (the same bytes). */
  private async resendRefunds(now: () => Date): Promise<number> {
    const { db, chainId } = this;
    const open = await db
      .select()
      .from(cryptoRefunds)
      .where(and(eq(cryptoRefunds.chainId, chainId), eq(cryptoRefunds.status, 'sent')))
      .orderBy(asc(cryptoRefunds.nonce))
      .limit(50);
    let resent = 0;
    for (const r of open) {
      const receipt = await this.rt.chain.publicClient
        .getTransactionReceipt({ hash: r.txHash as Hex })
        .catch((err: unknown) => {
          if (err instanceof TransactionReceiptNotFoundError) return null;
          throw err;
        });
      if (receipt) {
        await db
          .update(cryptoRefunds)
          .set({
            status: receipt.status === 'success' ? 'confirmed' : 'reverted',
            blockNumber: Number(receipt.blockNumber),
            updatedAt: now(),
          })
          .where(and(eq(cryptoRefunds.refundId, r.refundId), eq(cryptoRefunds.status, 'sent')));
        continue;
      }
      try {
        await broadcast(this.rt.chain as Parameters<typeof broadcast>[0], r.signedTx as Hex);
        resent++;
      } catch (err) {
        this.log.warn(`crypto refund ${r.txHash}: broadcast failed again: ${messageOf(err)}`);
      }
    }
    return resent;
  }
}

/** The watcher's loop: a pass at start and every `intervalMs`; a failed pass is logged and tried again next time. */
export function startCryptoWatcher(
  db: Db,
  rt: CryptoRuntime,
  intervalMs: number,
  log: Log,
): { watcher: CryptoWatcher; stop: () => Promise<void>; nudge: () => void } {
  const watcher = new CryptoWatcher(db, rt, log);
  const loop = startLoop(
    async () => {
      const p = await watcher.pass();
      if (p.completed.length > 0) log.info(`crypto watcher: ${p.completed.length} payment(s) completed`);
    },
    intervalMs,
    (err) => log.error(`crypto watcher pass failed: ${messageOf(err)}`),
    'crypto_watcher',
  );
  return { watcher, ...loop };
}
