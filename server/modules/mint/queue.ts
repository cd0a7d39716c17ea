/**
 * The mint worker's side of the database: the per-minter lease, claiming due jobs, storing signed
 * transactions (fenced by the lease) and recording outcomes. Every function is one short transaction.
 */
import { and, eq, gte, inArray, isNull, lte, max, or, sql } from 'drizzle-orm';
import type { Hex } from 'viem';
import { buyerTxUrl } from '../../chain/client.js';
import { chainTransactions, mintJobs, mintWorkers, orders } from '../../db/schema.js';
import { queryRows, type Db, type Tx } from '../../db/client.js';
import { invalidateDashboard } from '../dashboard/service.js';
import { notifyMany } from '../notifications/notify.js';
import { backoffSeconds, isFinal, type Outcome } from './policy.js';
import { notice } from '../../../src/common/notices-catalogue.js';
import { anyListening, emitWebhook } from '../webhooks/outbox.js';
import { presentJob } from './present.js';

/**
 * A mint job's webhook event, its data the job as the mint queue answers it; an order's jobs are keyed by their order.
 * A redeem job that succeeds is `token.redeemed`, not `mint.succeeded`: an endpoint counting mints must not count burns.
 */
async function emitMintEvent(tx: Tx, outcome: 'succeeded' | 'failed', job: { id: string; kind: string }) {
  const type = outcome === 'failed' ? 'mint.failed' : job.kind === 'redeem' ? 'token.redeemed' : 'mint.succeeded';
  if (!(await anyListening(tx, type))) return;
  const [row] = await tx.select().from(mintJobs).where(eq(mintJobs.id, job.id)).limit(1);
  if (row) await emitWebhook(tx, type, row.orderId ? `order:${row.orderId}` : `mint:${row.id}`, () => presentJob(row));
}

export const LEASE_SECONDS = 15;

export type MinterIdentity = { key: string; chainId: number; minter: string; contract: string };
export type MintJobRow = typeof mintJobs.$inferSelect;

export const minterKey = (chainId: number, minter: string) => `${chainId}:${minter.toLowerCase()}`;

export class LeaseLostError extends Error {
  constructor() {
    super('Another worker now owns this minter key; stopping work on it.');
  }
}

/** Takes the minter's lease if it is free, lapsed or already ours; renews it if ours. */
export async function acquireLease(db: Db, who: MinterIdentity, owner: string, host: string): Promise<boolean> {
  const rows = await queryRows<{ owner: string }>(
    db,
    sql`
    insert into mint_workers (key, owner, host, chain_id, minter, contract, started_at, heartbeat_at, lease_until)
    values (${who.key}, ${owner}, ${host}, ${who.chainId}, ${who.minter}, ${who.contract}, now(), now(),
            now() + make_interval(secs => ${LEASE_SECONDS}))
    on conflict (key) do update set
      owner = excluded.owner, host = excluded.host, contract = excluded.contract,
      started_at = case when mint_workers.owner = excluded.owner then mint_workers.started_at else now() end,
      processed = case when mint_workers.owner = excluded.owner then mint_workers.processed else 0 end,
      heartbeat_at = now(), lease_until = excluded.lease_until, stopped_at = null, last_error = null
    where mint_workers.owner = excluded.owner or mint_workers.lease_until < now()
    returning owner`,
  );
  return rows.length === 1;
}

/** The heartbeat: extends our lease; false when another worker has taken it over. */
export async function renewLease(db: Db, key: string, owner: string, processed: number, lastError: string | null) {
  const rows = await db
    .update(mintWorkers)
    .set({
      heartbeatAt: sql`now()`,
      leaseUntil: sql`now() + make_interval(secs => ${LEASE_SECONDS})`,
      processed,
      lastError,
    })
    .where(and(eq(mintWorkers.key, key), eq(mintWorkers.owner, owner)))
    .returning({ key: mintWorkers.key });
  return rows.length === 1;
}

export async function releaseLease(db: Db, key: string, owner: string) {
  await db
    .update(mintWorkers)
    .set({ leaseUntil: sql`now()`, stoppedAt: sql`now()` })
    .where(and(eq(mintWorkers.key, key), eq(mintWorkers.owner, owner)));
}

/** Inside a transaction: proves the lease is still ours and holds its row until commit, so no takeover can interleave. */
async function holdLease(tx: Tx, key: string, owner: string) {
  const rows = await queryRows(
    tx,
    sql`
    select 1 from mint_workers where key = ${key} and owner = ${owner} and lease_until > now() for update`,
  );
  if (rows.length !== 1) throw new LeaseLostError();
}

/**
 * Claims due jobs for this minter: unassigned ones, or ones it already owns (a stored transaction binds a job
 * to the key that signed it). SKIP LOCKED lets several workers of different keys share the queue. `wasQueued`: the
 * claim moved it from queued to processing (a change the screens show).
 */
export async function claimDueJobs(
  db: Db,
  who: MinterIdentity,
  owner: string,
  limit: number,
): Promise<(MintJobRow & { wasQueued: boolean })[]> {
  return db.transaction(async (tx) => {
    await holdLease(tx, who.key, owner);
    const due = await tx
      .select({ id: mintJobs.id, status: mintJobs.status })
      .from(mintJobs)
      .where(
        and(
          inArray(mintJobs.status, ['queued', 'processing']),
          lte(mintJobs.nextAttemptAt, sql`now()`),
          or(
            isNull(mintJobs.minter),
            and(
              eq(mintJobs.minter, who.minter),
              eq(mintJobs.chainId, who.chainId),
              eq(mintJobs.contract, who.contract),
            ),
          ),
        ),
      )
      .orderBy(mintJobs.nextAttemptAt, mintJobs.createdAt)
      .limit(limit)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    const queued = new Set(due.filter((d) => d.status === 'queued').map((d) => d.id));
    const claimed = await tx
      .update(mintJobs)
      .set({
        status: 'processing',
        minter: who.minter,
        chainId: who.chainId,
        contract: who.contract,
        updatedAt: sql`now()`,
      })
      .where(
        inArray(
          mintJobs.id,
          due.map((d) => d.id),
        ),
      )
      .returning();
    return claimed.map((j) => ({ ...j, wasQueued: queued.has(j.id) }));
  });
}

/** The next nonce never below one we already stored (a stored transaction may not have reached the node yet). */
export async function highestStoredNonce(db: Db, chainId: number, sender: string): Promise<number | null> {
  const [row] = await db
    .select({ n: max(chainTransactions.nonce) })
    .from(chainTransactions)
    .where(and(eq(chainTransactions.chainId, chainId), eq(chainTransactions.sender, sender)));
  return row?.n ?? null;
}

export type SignedForJob = { jobId: string; nonce: number; signedTx: string; txHash: string; attempts: number };

/** Stores signed transactions on their jobs and in the replay log, before any is broadcast. */
export async function storeSigned(db: Db, who: MinterIdentity, owner: string, signed: SignedForJob[]) {
  if (signed.length === 0) return;
  await db.transaction(async (tx) => {
    await holdLease(tx, who.key, owner);
    // One statement for the batch; the signed_tx IS NULL guard makes a second store for a job impossible.
    const rows = sql.join(
      signed.map((s) => sql`(${s.jobId}::uuid, ${s.nonce}::int, ${s.signedTx}, ${s.txHash}, ${s.attempts}::int)`),
      sql`, `,
    );
    const stored = await queryRows<{ id: string }>(
      tx,
      sql`
      update mint_jobs m set nonce = v.nonce, signed_tx = v.signed_tx, tx_hash = v.tx_hash, attempts = v.attempts,
        signed_at = now(), updated_at = now()
      from (values ${rows}) as v(id, nonce, signed_tx, tx_hash, attempts)
      where m.id = v.id and m.signed_tx is null
      returning m.id`,
    );
    if (stored.length !== signed.length)
      throw new Error('A mint job already had a stored transaction; refusing to store a second one.');
    await tx.insert(chainTransactions).values(
      signed.map((s) => ({
        chainId: who.chainId,
        hash: s.txHash,
        sender: who.minter,
        nonce: s.nonce,
        raw: s.signedTx,
        mintJobId: s.jobId,
      })),
    );
  });
}

/**
 * Stores the minter's own token calls (the contract URIs, the allowlist) in the replay log, fenced by the lease, before
 * any is sent.
 */
export async function storeTokenCall(
  db: Db,
  who: MinterIdentity,
  owner: string,
  signed: { nonce: number; signedTx: string; txHash: string }[],
  /** Written in the same transaction (the calls' audit entries), so with the calls or not at all. */
  also?: (tx: Tx) => Promise<void>,
) {
  await db.transaction(async (tx) => {
    await holdLease(tx, who.key, owner);
    await tx.insert(chainTransactions).values(
      signed.map((s) => ({
        chainId: who.chainId,
        hash: s.txHash,
        sender: who.minter,
        nonce: s.nonce,
        raw: s.signedTx,
      })),
    );
    await also?.(tx);
  });
}

/** The sender's stored transactions from `nonce` on (the ones the chain has not mined yet), in nonce order. */
export async function storedSince(db: Db, chainId: number, sender: string, nonce: number): Promise<string[]> {
  const rows = await db
    .select({ raw: chainTransactions.raw })
    .from(chainTransactions)
    .where(
      and(
        eq(chainTransactions.chainId, chainId),
        eq(chainTransactions.sender, sender),
        gte(chainTransactions.nonce, nonce),
      ),
    )
    .orderBy(chainTransactions.nonce);
  return rows.map((r) => r.raw);
}

/** A transaction seen on the node outside the worker (the dev endpoint's wallets): kept for replay. */
export async function recordForeignTransaction(
  db: Db,
  tx: { chainId: number; hash: string; sender: string; nonce: number; raw: string },
) {
  await db.insert(chainTransactions).values(tx).onConflictDoNothing();
}

export async function replayLog(db: Db, chainId: number): Promise<`0x${string}`[]> {
  const rows = await db
    .select({ raw: chainTransactions.raw })
    .from(chainTransactions)
    .where(eq(chainTransactions.chainId, chainId))
    .orderBy(chainTransactions.seq);
  return rows.map((r) => r.raw as `0x${string}`);
}

const CLEAR_TX = { nonce: null, signedTx: null, txHash: null } as const;

type MintedRow = {
  id: string;
  kind: string;
  order_id: string | null;
  tx_hash: string | null;
  chain_id: number | null;
  token_id: string;
  amount: string;
  wallet_address: string;
};

/** Each succeeded job's buyer (a guest by email) is told, with the transaction's link, in the transaction that records it. */
async function tellBuyers(tx: Tx, minted: MintedRow[]) {
  const ofOrders = minted.filter((m) => m.order_id && m.tx_hash);
  if (ofOrders.length === 0) return;
  const buyers = await tx
    .select({ id: orders.id, userId: orders.userId, email: orders.customerEmail })
    .from(orders)
    .where(inArray(orders.id, [...new Set(ofOrders.map((m) => m.order_id!))]));
  const byOrder = new Map(buyers.map((b) => [b.id, b]));
  await notifyMany(
    tx,
    ofOrders.flatMap((m) => {
      const buyer = byOrder.get(m.order_id!);
      if (!buyer) return [];
      const link = m.chain_id ? buyerTxUrl(Number(m.chain_id), m.tx_hash as Hex) : null;
      return [
        {
          userId: buyer.userId,
          email: buyer.email,
          channels: ['in_app', 'email'] as const,
          link,
          notice: notice('token_minted', {
            tokenId: m.token_id,
            amount: m.amount,
            orderId: m.order_id!,
            wallet: m.wallet_address,
            txHash: m.tx_hash!,
          }),
        },
      ];
    }),
  );
}

/** Told, inside the transaction that records them, of each order whose mint jobs have just succeeded. */
export type OrderMinted = (tx: Tx, orderId: string) => Promise<unknown>;

/** Records what happened to each job, then hands each order with a newly succeeded job to `onOrderMinted`. */
export async function recordOutcomes(
  db: Db,
  who: MinterIdentity,
  owner: string,
  outcomes: Outcome[],
  onOrderMinted?: OrderMinted,
) {
  if (outcomes.length === 0) return;
  await db.transaction(async (tx) => {
    await holdLease(tx, who.key, owner);
    const orderIds = new Set<string>();
    const succeeded = outcomes.filter((o) => o.kind === 'succeeded');
    if (succeeded.length > 0) {
      const rows = sql.join(
        succeeded.map((o) => sql`(${o.jobId}::uuid, ${o.blockNumber}::bigint)`),
        sql`, `,
      );
      const done = await queryRows<MintedRow>(
        tx,
        sql`
        update mint_jobs m set status = 'succeeded', block_number = v.block, last_error = null, completed_at = now(), updated_at = now()
        from (values ${rows}) as v(id, block)
        where m.id = v.id and m.status = 'processing'
        returning m.id, m.kind, m.order_id, m.tx_hash, m.chain_id, m.token_id, m.amount, m.wallet_address`,
      );
      for (const row of done) if (row.order_id) orderIds.add(row.order_id);
      await tellBuyers(tx, done);
      for (const row of done) await emitMintEvent(tx, 'succeeded', row);
    }
    for (const o of outcomes) {
      const where = and(eq(mintJobs.id, o.jobId), eq(mintJobs.status, 'processing'));
      if (o.kind === 'succeeded') continue;
      if (o.kind === 'later') {
        await tx
          .update(mintJobs)
          .set({
            nextAttemptAt: sql`now() + make_interval(secs => ${o.delaySeconds})`,
            updatedAt: sql`now()`,
            ...(o.error ? { lastError: o.error } : {}),
            ...(o.attempts ? { attempts: o.attempts } : {}),
          })
          .where(where);
      } else {
        const final = isFinal(o);
        const changed = await tx
          .update(mintJobs)
          .set({
            status: final ? 'failed' : 'queued',
            lastError: o.error,
            updatedAt: sql`now()`,
            ...(o.kind === 'attempt-failed' ? { attempts: o.attempts } : {}),
            ...(final || o.kind === 'failed'
              ? { completedAt: sql`now()` }
              : { nextAttemptAt: sql`now() + make_interval(secs => ${backoffSeconds(o.attempts)})` }),
            ...(o.dropStoredTx ? CLEAR_TX : {}),
          })
          .where(where)
          .returning({ id: mintJobs.id, kind: mintJobs.kind });
        if (final && changed[0]) await emitMintEvent(tx, 'failed', changed[0]);
      }
    }
    if (onOrderMinted) for (const orderId of orderIds) await onOrderMinted(tx, orderId);
  });
  // The dashboard counts failed mints among its alerts.
  if (outcomes.some(isFinal)) invalidateDashboard();
}
