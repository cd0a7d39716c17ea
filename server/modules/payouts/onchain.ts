/**
 * Pay on chain: a pending payout sent as the chain's native token from the platform wallet to the recipient's wallet,
 * valued at settings payoutTokenRate (tokens for 1.00), never twice.
 *
 * 1. Under the payout's row lock: refuse (not pending, claimed by another request, no wallet, no rate), take the claim
 *    (transfer_claimed_until), and, when nothing is stored yet, sign the transfer with the next nonce of the platform
 *    wallet (an advisory lock per wallet serialises signers) and store it on the payout and in chain_transactions
 *    (the dev chain's replay log) in the same commit. Nothing has left the process yet.
 * 2. Send the stored bytes (server/chain/native-transfer.ts): a retry re-sends the same bytes or finds the receipt,
 *    and never signs again while the stored transfer may still be mined.
 * 3. Record: mined → the payout completes (its commissions paid, the hash kept); reverted or lost (its nonce went to
 *    another transaction) → nothing was paid, the payout stays pending and may be paid again; not mined yet → 202, and
 *    the transfer is left 'sent'. The claim is released.
 * A transfer left 'sent', or stored by a process that crashed between 1 and 3 (its claim lapses after CLAIM_SECONDS),
 * is finished by the payout completer (completer.ts, `finishStoredTransfer`: steps 2 and 3 under a new claim, never
 * signing) or by the next press, whichever takes the claim first.
 */
import { eq, and, max, sql } from 'drizzle-orm';
import { formatEther, getAddress, isAddress, type Hex } from 'viem';
import type { OnchainQuote } from '../../../src/common/referrals.js';
import type { PayoutOnchainInput } from '../../../src/common/payouts.schemas.js';
import {
  nextNonce,
  sendStoredTransfer,
  signNativeTransfer,
  TransferRefusal,
  type StoredTransfer,
  type TransferContext,
} from '../../chain/native-transfer.js';
import type { Db, Tx } from '../../db/client.js';
import { chainTransactions, payouts, users } from '../../db/schema.js';
import { AppError, conflict, forbidden, notFound, say, sentenceOf, type Said } from '../../lib/errors.js';
import type { Actor } from '../../types.js';
import { audit } from '../audit/service.js';
import type { ChainRuntime } from '../mint/runtime.js';
import { dualControlRefusal, onchainRefusal, ownPayoutRefusal, tokenWei } from './policy.js';
import { onePayout, settlePayout } from './service.js';

export const CLAIM_SECONDS = 60;
const COMPLETER_WAIT_MS = 2_000;

/** Tests only: runs right after the signed transfer is committed, before it is sent (throwing there is a crash). */
export const transferHooks: { afterStore?: (payoutId: string) => void | Promise<void> } = {};

function signerOf(runtime: ChainRuntime | null): (TransferContext & { symbol: string; waitMs: number }) | null {
  const chain = runtime?.chain;
  if (!chain?.payoutAccount) return null;
  return {
    chainId: chain.chainId,
    publicClient: chain.publicClient,
    account: chain.payoutAccount,
    symbol: chain.chain.nativeCurrency.symbol,
    waitMs: chain.mode === 'dev' ? 2_000 : 20_000,
  };
}

async function lockPayout(tx: Tx, id: string) {
  const [row] = await tx
    .select({ p: payouts, recipient: users.email, recipientWallet: users.walletAddress })
    .from(payouts)
    .innerJoin(users, eq(users.id, payouts.recipientId))
    .where(eq(payouts.id, id))
    .for('update', { of: payouts });
  if (!row) throw notFound('payout_not_found');
  return row;
}

type Locked = Awaited<ReturnType<typeof lockPayout>>;
const walletOf = (row: Locked) => row.p.walletAddress ?? row.recipientWallet;

/** What a press must satisfy besides the chain: who presses it, and the dual control threshold (settings, in cents). */
export type PayTerms = { rate: string | null; dualControlCents: number; actor: Actor };

function refuse(row: Locked, terms: PayTerms, signerReady: boolean) {
  const own = ownPayoutRefusal(terms.actor?.id ?? null, row.p, 'pay');
  if (own) throw forbidden(own, undefined, 'own_payout');
  const wallet = walletOf(row);
  const refusal = onchainRefusal({
    status: row.p.status,
    recipient: row.recipient,
    wallet: wallet && isAddress(wallet) ? wallet : null,
    transferState: row.p.transferState,
    claimed: !!row.p.transferClaimedUntil && row.p.transferClaimedUntil.getTime() > Date.now(),
    rate: terms.rate,
    signerReady,
  });
  if (refusal) throw new AppError(refusal.status, refusal.error, undefined, undefined, refusal.code);
  // A stored transfer was approved before it was signed, and may already be mined: finishing it needs nothing more.
  const unapproved = hasStoredTransfer(row) ? null : dualControlRefusal(row.p, terms.dualControlCents);
  if (unapproved) throw conflict(unapproved, undefined, 'approval_required');
}

/** What Pay on chain would send now: shown to the user before they confirm. */
export async function onchainQuote(
  db: Db,
  runtime: ChainRuntime | null,
  id: string,
  terms: PayTerms,
): Promise<OnchainQuote> {
  const { rate } = terms;
  const signer = signerOf(runtime);
  const row = await db.transaction(async (tx) => lockPayout(tx, id));
  refuse(row, terms, !!signer);
  const stored = row.p.transferState === 'signed' || row.p.transferState === 'sent';
  const wei = stored ? BigInt(row.p.amountWei ?? '0') : tokenWei(row.p.amountCents, rate!);
  const balance = await signer!.publicClient.getBalance({ address: signer!.account.address });
  return {
    payoutId: id,
    amount: row.p.amountCents / 100,
    currency: row.p.currency,
    walletAddress: getAddress(walletOf(row)!),
    chainId: signer!.chainId,
    sender: signer!.account.address,
    senderBalance: formatEther(balance),
    rate: stored ? (row.p.tokenRate ?? rate!) : rate!,
    amountWei: wei.toString(),
    tokenAmount: formatEther(wei),
    symbol: signer!.symbol,
  };
}

/** A key for pg_advisory_xact_lock: one per platform wallet and chain, so its signers take nonces one at a time. */
const nonceLockKey = (chainId: number, sender: string) =>
  BigInt(chainId) * 2n ** 40n + BigInt(`0x${sender.slice(2, 12)}`);

const claimUntil = () => sql`now() + make_interval(secs => ${CLAIM_SECONDS})`;
const hasStoredTransfer = (row: Locked) => row.p.transferState === 'signed' || row.p.transferState === 'sent';

/** Takes the claim on the locked row's stored transfer and answers it. */
async function reclaimStored(tx: Tx, row: Locked): Promise<StoredTransfer> {
  await tx.update(payouts).set({ transferClaimedUntil: claimUntil() }).where(eq(payouts.id, row.p.id));
  return { nonce: row.p.nonce!, signedTx: row.p.signedTx as Hex, txHash: row.p.txHash as Hex };
}

/** Step 1: claim, and sign and store the transfer unless one is stored already. */
async function claimAndStore(
  db: Db,
  signer: TransferContext,
  id: string,
  input: PayoutOnchainInput,
  terms: PayTerms,
): Promise<StoredTransfer> {
  const { rate, actor } = terms;
  return db.transaction(async (tx) => {
    const row = await lockPayout(tx, id);
    refuse(row, terms, true);
    if (hasStoredTransfer(row)) return reclaimStored(tx, row);
    const wei = tokenWei(row.p.amountCents, rate!);
    if (input.amountWei !== undefined && BigInt(input.amountWei) !== wei) {
      throw conflict('rate_changed', { amount: formatEther(wei), shown: formatEther(BigInt(input.amountWei)) });
    }
    if (wei <= 0n) throw new AppError(422, 'nothing_to_send');
    const sender = getAddress(signer.account.address);
    await tx.execute(sql`select pg_advisory_xact_lock(${nonceLockKey(signer.chainId, sender).toString()}::bigint)`);
    const [highest] = await tx
      .select({ n: max(chainTransactions.nonce) })
      .from(chainTransactions)
      .where(and(eq(chainTransactions.chainId, signer.chainId), eq(chainTransactions.sender, sender)));
    const to = getAddress(walletOf(row)!);
    let signed;
    try {
      signed = await signNativeTransfer(signer, { to, value: wei, nonce: await nextNonce(signer, highest?.n ?? null) });
    } catch (err) {
      if (err instanceof TransferRefusal)
        throw new AppError(422, say(err.messageCode, err.params), undefined, undefined, 'transfer_refused');
      throw err;
    }
    await tx
      .update(payouts)
      .set({
        method: 'crypto',
        walletAddress: to,
        amountWei: wei.toString(),
        tokenRate: rate!,
        chainId: signer.chainId,
        sender,
        nonce: signed.nonce,
        signedTx: signed.signedTx,
        txHash: signed.txHash,
        transferState: 'signed',
        transferError: null,
        blockNumber: null,
        transferClaimedUntil: claimUntil(),
        updatedAt: new Date(),
      })
      .where(eq(payouts.id, id));
    await tx.insert(chainTransactions).values({
      chainId: signer.chainId,
      hash: signed.txHash,
      sender,
      nonce: signed.nonce,
      raw: signed.signedTx,
      payoutId: id,
    });
    await audit(tx, actor, 'payout.sign', 'payout', id, {
      to,
      amountWei: wei.toString(),
      rate,
      txHash: signed.txHash,
      nonce: signed.nonce,
    });
    return { nonce: signed.nonce, signedTx: signed.signedTx, txHash: signed.txHash };
  });
}

const releaseClaim = (db: Db, id: string) =>
  db.update(payouts).set({ transferClaimedUntil: null }).where(eq(payouts.id, id));

/**
 * Steps 2 and 3 for a stored transfer this caller holds the claim of: send the same bytes (or find the receipt) and
 * record the outcome under the payout's lock. Answers the outcome's state and, when nothing was paid, why.
 */
async function sendAndRecord(
  db: Db,
  signer: TransferContext,
  id: string,
  stored: StoredTransfer,
  actor: Actor,
  waitMs: number,
) {
  let outcome;
  try {
    outcome = await sendStoredTransfer(signer, stored, waitMs);
  } catch (err) {
    await releaseClaim(db, id);
    const why = err instanceof Error ? ((err as { shortMessage?: string }).shortMessage ?? err.message) : String(err);
    throw new AppError(502, 'chain_unreachable', { why });
  }

  const failure = await db.transaction(async (tx) => {
    const row = await lockPayout(tx, id);
    const now = new Date();
    if (row.p.txHash !== stored.txHash || row.p.status !== 'pending') {
      await tx.update(payouts).set({ transferClaimedUntil: null }).where(eq(payouts.id, id));
      return null;
    }
    if (outcome.state === 'mined') {
      await settlePayout(
        tx,
        row.p,
        { status: 'completed', txHash: stored.txHash, reference: null, note: null },
        actor,
        {
          transferState: 'mined',
          blockNumber: Number(outcome.blockNumber),
          transferError: null,
          transferClaimedUntil: null,
        },
      );
      return null;
    }
    if (outcome.state === 'pending') {
      await tx
        .update(payouts)
        .set({ transferState: 'sent', transferClaimedUntil: null, updatedAt: now })
        .where(eq(payouts.id, id));
      return null;
    }
    const error =
      outcome.state === 'reverted'
        ? say('transfer_reverted', { txHash: stored.txHash, block: String(outcome.blockNumber) })
        : say('transfer_lost', { reason: outcome.reason });
    // A lost transfer was never mined: out of the replay log, or the dev chain would send it at its next start.
    if (outcome.state === 'lost') await tx.delete(chainTransactions).where(eq(chainTransactions.hash, stored.txHash));
    await tx
      .update(payouts)
      .set({
        transferState: outcome.state,
        transferError: sentenceOf(error),
        nonce: null,
        signedTx: null,
        txHash: null,
        blockNumber: outcome.state === 'reverted' ? Number(outcome.blockNumber) : null,
        transferClaimedUntil: null,
        updatedAt: now,
      })
      .where(eq(payouts.id, id));
    await audit(tx, actor, `payout.transfer_${outcome.state}`, 'payout', id, {
      txHash: stored.txHash,
      error: sentenceOf(error),
    });
    return error;
  });
  return { state: outcome.state, failure };
}

/** Sends a pending payout on chain (or finishes the transfer a crashed or slow attempt stored); 200 once mined, 202 while not. */
export async function payOnChain(
  db: Db,
  runtime: ChainRuntime | null,
  id: string,
  input: PayoutOnchainInput,
  terms: PayTerms,
) {
  const signer = signerOf(runtime);
  if (!signer) {
    const row = await db.transaction(async (tx) => lockPayout(tx, id));
    refuse(row, terms, false);
  }
  const stored = await claimAndStore(db, signer!, id, input, terms);
  await transferHooks.afterStore?.(id);
  const { state, failure } = await sendAndRecord(db, signer!, id, stored, terms.actor, signer!.waitMs);
  if (failure) throw new AppError(422, failure, undefined, undefined, 'transfer_failed');
  const payout = await onePayout(db, id);
  return { status: state === 'mined' ? (200 as const) : (202 as const), payout };
}

/**
 * What the completer does with one payout, exactly as a press would with a stored transfer: under the row lock it takes
 * the claim only if the payout is still pending with a stored transfer and no live claim (another process's press or
 * completer holds it otherwise), then sends the same bytes or finds the receipt and records the outcome. Never signs,
 * so it never starts a payment nobody asked for. Answers what happened, or null when there was nothing to take.
 */
export async function finishStoredTransfer(
  db: Db,
  runtime: ChainRuntime | null,
  id: string,
): Promise<{ state: string; failure: Said | null } | null> {
  const signer = signerOf(runtime);
  if (!signer) return null;
  const stored = await db.transaction(async (tx) => {
    const row = await lockPayout(tx, id);
    const claimed = !!row.p.transferClaimedUntil && row.p.transferClaimedUntil.getTime() > Date.now();
    if (row.p.status !== 'pending' || !hasStoredTransfer(row) || claimed) return null;
    return reclaimStored(tx, row);
  });
  if (!stored) return null;
  // A short wait: a transfer not mined yet is left 'sent' and looked at again on the next pass.
  return sendAndRecord(db, signer, id, stored, null, Math.min(signer.waitMs, COMPLETER_WAIT_MS));
}
