import {
  isAddress,
  isHex,
  keccak256,
  parseTransaction,
  recoverTransactionAddress,
  type Hex,
  type TransactionSerialized,
} from 'viem';
import { MINT_KINDS, MINT_STATUSES, type MintKind } from '../../src/common/mint.js';
import type { ChainToken } from '../chain/client.js';
import { sentenceOf } from '../lib/errors.js';
import { ownMintRefusal, ownMintRejectRefusal } from '../modules/mint/policy.js';
import { dateOf } from './domain.js';
import type { At, Problem } from './format.js';
import { first, int, missing, shown, str, tokenText, userRef, type Ctx, type Rec } from './records.js';
import type {
  SeedChainTransaction,
  SeedConversion,
  SeedMintJob,
  SeedOrder,
  SeedOrderItem,
  SeedPayout,
  SeedProduct,
} from './types.js';

/**
 * The mint queue's history and the chain's stored transactions for parseSeedFile. `chainTransactions` are signed
 * bytes in the order they were sent (the dev chain replays them at start); a mint job or payout that sent one names
 * its hash and gets its signed bytes from there, so the file holds each transaction once.
 */

export function parseChainTransactions(ctx: Ctx, records: Rec[]): SeedChainTransaction[] {
  const seen = new Set<string>();
  return records.flatMap((r, i) => {
    const at: At = { collection: 'chainTransactions', index: i, id: r.hash };
    const skip = (field: string, message: string) => (
      ctx.notes.problem(at, field, message, 'skipped the transaction'),
      []
    );
    const raw = str(r.raw);
    if (!raw || !isHex(raw)) return skip('raw', missing(r.raw) ? 'missing' : 'is not hex text');
    let parsed;
    try {
      parsed = parseTransaction(raw as TransactionSerialized);
    } catch {
      return skip('raw', 'is not a signed transaction');
    }
    const hash = keccak256(raw as Hex);
    if (!missing(r.hash) && str(r.hash)?.toLowerCase() !== hash)
      return skip('hash', `${shown(r.hash)} is not the hash of its raw bytes (${hash})`);
    if (seen.has(hash)) return skip('hash', 'appears twice');
    seen.add(hash);
    const chainId = int(first(r, 'chainId')) ?? parsed.chainId ?? null;
    if (chainId === null || (parsed.chainId !== undefined && parsed.chainId !== chainId))
      return skip('chainId', `${shown(r.chainId)} is not the chain its bytes were signed for (${parsed.chainId})`);
    const nonce = parsed.nonce ?? 0;
    if (!missing(r.nonce) && int(r.nonce) !== nonce)
      return skip('nonce', `${shown(r.nonce)} is not its bytes' nonce (${nonce})`);
    const sender = str(r.sender);
    if (!sender || !isAddress(sender))
      return skip('sender', missing(r.sender) ? 'missing' : `${shown(r.sender)} is not an address`);
    return [
      {
        chainId,
        hash,
        sender,
        nonce,
        raw,
        mintJobId: ctx.ids.get('mintJobs', first(r, 'mintJobId')),
        payoutId: ctx.ids.get('payouts', first(r, 'payoutId')),
        createdAt: dateOf(ctx, at, r, 'createdAt') ?? ctx.now,
        at,
      },
    ];
  });
}

/** A transaction names the mint job or payout that sent it, if any: one the file has. Answers those that do. */
export function ownedTransactions(
  ctx: Ctx,
  rows: SeedChainTransaction[],
  jobs: SeedMintJob[],
  payouts: SeedPayout[],
): SeedChainTransaction[] {
  const jobIds = new Set(jobs.map((j) => j.id));
  const payoutIds = new Set(payouts.map((p) => p.id));
  return rows.filter((t) => {
    const field =
      t.mintJobId && !jobIds.has(t.mintJobId)
        ? 'mintJobId'
        : t.payoutId && !payoutIds.has(t.payoutId)
          ? 'payoutId'
          : null;
    if (field)
      ctx.notes.problem(
        t.at,
        field,
        `${field === 'mintJobId' ? 'mint job' : 'payout'} ${t[field]} is not in the file`,
        'skipped the transaction',
      );
    return !field;
  });
}

/**
 * Each transaction's signer by its hash: recovering one costs about 1.7 ms of CPU (db.json's 252 take 0.43 s), and a
 * process that loads the same file again (the tests, a reset) would recover the same signers.
 */
const signers = new Map<string, string>();
const SIGNERS_KEPT = 10_000;

async function signerOf(row: SeedChainTransaction): Promise<string> {
  const known = signers.get(row.hash);
  if (known) return known;
  const signer = await recoverTransactionAddress({ serializedTransaction: row.raw as TransactionSerialized });
  if (signers.size >= SIGNERS_KEPT) signers.clear();
  signers.set(row.hash, signer);
  return signer;
}

/** The file's senders are checked against the signatures (recovering a signer is asynchronous, so not in the parse). */
export async function senderProblems(rows: SeedChainTransaction[]): Promise<Problem[]> {
  const problems: Problem[] = [];
  for (const row of rows) {
    const signer = await signerOf(row);
    if (signer.toLowerCase() !== row.sender.toLowerCase()) {
      problems.push({
        ...row.at,
        field: 'sender',
        message: `${row.sender} did not sign it (${signer} did)`,
        repair: 'refused',
      });
    }
  }
  return problems;
}

type Refs = {
  userIds: Set<string>;
  /** Each user's account wallet, for the rule that nobody approves a mint to their own wallet. */
  walletOf: Map<string, string | null>;
  products: SeedProduct[];
  orders: SeedOrder[];
  orderItems: SeedOrderItem[];
  transactions: SeedChainTransaction[];
};

export function parseMintJobs(ctx: Ctx, records: Rec[], refs: Refs): SeedMintJob[] {
  const productIds = new Set(refs.products.map((p) => p.id));
  const orderIds = new Set(refs.orders.map((o) => o.id));
  const lineOrder = new Map(refs.orderItems.map((l) => [l.id!, l.orderId]));
  const rawOf = new Map(refs.transactions.map((t) => [t.hash, t.raw]));
  const lines = new Set<string>();
  return records.flatMap((r, i) => {
    const at: At = { collection: 'mintJobs', index: i, id: r.id };
    const skip = (field: string, message: string) => (
      ctx.notes.problem(at, field, message, 'skipped the mint job'),
      []
    );
    const status = str(r.status) ?? 'queued';
    if (!(MINT_STATUSES as readonly string[]).includes(status))
      return skip('status', `${shown(r.status)} is not one of ${MINT_STATUSES.join(', ')}`);
    const kind = str(r.kind) ?? 'mint';
    if (!(MINT_KINDS as readonly string[]).includes(kind))
      return skip('kind', `${shown(r.kind)} is not one of ${MINT_KINDS.join(', ')}`);
    const wallet = str(first(r, 'walletAddress'));
    if (!wallet || !isAddress(wallet, { strict: false }))
      return skip('walletAddress', missing(wallet) ? 'missing' : `${shown(wallet)} is not an address`);
    const tokenId = tokenText(r.tokenId);
    if (tokenId === null)
      return skip('tokenId', missing(r.tokenId) ? 'missing' : `${shown(r.tokenId)} is not a whole number`);
    const amount = tokenText(r.amount);
    if (amount === null || BigInt(amount) < 1n)
      return skip('amount', missing(r.amount) ? 'missing' : `${shown(r.amount)} is not a whole number of at least 1`);
    const orderId = missing(r.orderId) ? null : ctx.ids.get('orders', r.orderId);
    if (orderId && !orderIds.has(orderId)) return skip('orderId', `order ${shown(r.orderId)} does not exist`);
    const orderItemId = missing(r.orderItemId) ? null : ctx.ids.get('orderItems', r.orderItemId);
    if (orderItemId && (lineOrder.get(orderItemId) === undefined || lineOrder.get(orderItemId) !== orderId)) {
      return skip('orderItemId', `line ${shown(r.orderItemId)} is not a line of order ${shown(r.orderId)}`);
    }
    if (orderItemId && lines.has(orderItemId))
      return skip('orderItemId', `line ${shown(r.orderItemId)} has another mint job`);
    if (orderItemId) lines.add(orderItemId);
    const productId = missing(r.productId) ? null : ctx.ids.get('products', r.productId);
    if (productId && !productIds.has(productId))
      return skip('productId', `product ${shown(r.productId)} does not exist`);
    const txHash = str(r.txHash)?.toLowerCase() ?? null;
    const signedTx = txHash ? rawOf.get(txHash) : null;
    if (txHash && !signedTx) return skip('txHash', `transaction ${txHash} is not in chainTransactions`);
    const blockNumber = int(r.blockNumber);
    if (status === 'succeeded' && (!txHash || blockNumber === null))
      return skip(txHash ? 'blockNumber' : 'txHash', 'missing: a succeeded job was mined in a block');
    const createdBy = userRef(ctx, at, r, 'createdBy', refs.userIds);
    const approvedBy = userRef(ctx, at, r, 'approvedBy', refs.userIds);
    const rejectedBy = userRef(ctx, at, r, 'rejectedBy', refs.userIds);
    // As live: nobody approves or rejects a mint they asked for, nor approves one to their own wallet.
    const own =
      (approvedBy &&
        ownMintRefusal(
          { createdBy, walletAddress: wallet },
          { id: approvedBy, wallet: refs.walletOf.get(approvedBy) ?? null },
        )) ||
      (rejectedBy && ownMintRejectRefusal({ createdBy }, rejectedBy));
    if (own) return skip(approvedBy ? 'approvedBy' : 'rejectedBy', sentenceOf(own));
    const created = dateOf(ctx, at, r, 'createdAt') ?? ctx.now;
    return [
      {
        id: ctx.ids.get('mintJobs', r.id) ?? ctx.ids.get('mintJobs', `#${i}`)!,
        orderId,
        orderItemId,
        productId,
        walletAddress: wallet,
        tokenId,
        amount,
        kind: kind as MintKind,
        status,
        attempts: int(r.attempts) ?? 0,
        lastError: str(r.lastError),
        chainId: int(r.chainId),
        contract: str(r.contract),
        minter: str(r.minter),
        nonce: int(r.nonce),
        signedTx: signedTx ?? null,
        txHash,
        blockNumber,
        createdBy,
        note: str(r.note),
        approvedBy,
        approvedAt: dateOf(ctx, at, r, 'approvedAt'),
        rejectedBy,
        rejectedAt: dateOf(ctx, at, r, 'rejectedAt'),
        rejectReason: str(r.rejectReason),
        nextAttemptAt: dateOf(ctx, at, r, 'nextAttemptAt') ?? created,
        signedAt: dateOf(ctx, at, r, 'signedAt'),
        createdAt: created,
        updatedAt: dateOf(ctx, at, r, 'updatedAt') ?? created,
        completedAt: dateOf(ctx, at, r, 'completedAt'),
      },
    ];
  });
}

/** Points conversions: the member, their mint job in the file, and as many points as tokens × the rate. */
export function parseConversions(
  ctx: Ctx,
  records: Rec[],
  userIds: Set<string>,
  jobs: SeedMintJob[],
): (SeedConversion & { at: At })[] {
  const jobsById = new Map(jobs.map((j) => [j.id, j]));
  return records.flatMap((r, i) => {
    const at: At = { collection: 'conversions', index: i, id: r.id };
    const skip = (field: string, message: string) => (
      ctx.notes.problem(at, field, message, 'skipped the conversion'),
      []
    );
    const userId = userRef(ctx, at, r, 'userId', userIds);
    if (!userId) return missing(r.userId) ? skip('userId', 'missing') : [];
    const job = jobsById.get(ctx.ids.get('mintJobs', r.mintJobId) ?? '');
    if (!job)
      return skip('mintJobId', missing(r.mintJobId) ? 'missing' : `mint job ${shown(r.mintJobId)} is not in the file`);
    const fromAmount = int(r.fromAmount);
    const rate = int(r.rate);
    const toAmount = tokenText(r.toAmount);
    if (rate === null || rate < 1)
      return skip('rate', `${shown(r.rate)} is not a whole number of points of at least 1`);
    if (toAmount === null || fromAmount === null || BigInt(fromAmount) !== BigInt(toAmount) * BigInt(rate)) {
      return skip('fromAmount', `${shown(r.fromAmount)} is not ${shown(r.toAmount)} tokens × ${rate} points`);
    }
    if (
      job.kind === 'redeem' ||
      job.amount !== toAmount ||
      job.walletAddress.toLowerCase() !== str(r.walletAddress)?.toLowerCase() ||
      job.tokenId !== tokenText(r.tokenId)
    ) {
      return skip('mintJobId', `mint job ${shown(r.mintJobId)} does not mint these tokens to this wallet`);
    }
    return [
      {
        id: ctx.ids.get('conversions', r.id) ?? ctx.ids.get('conversions', `#${i}`)!,
        userId,
        fromAmount,
        toAmount,
        rate,
        tokenId: job.tokenId,
        walletAddress: job.walletAddress,
        mintJobId: job.id,
        createdAt: dateOf(ctx, at, r, 'createdAt') ?? ctx.now,
        at,
      },
    ];
  });
}

/**
 * Transactions of another chain than the running one cannot be replayed there: they, and the jobs that sent them,
 * stay out of the load (queued and unsent jobs stay in, to be minted on the running chain). The line saying so, or null.
 */
export function keepRunningChain(
  data: {
    chainTransactions: SeedChainTransaction[];
    mintJobs: SeedMintJob[];
    payouts: SeedPayout[];
    conversions: SeedConversion[];
  },
  token: ChainToken,
): string | null {
  const elsewhere = data.chainTransactions.filter((t) => t.chainId !== token.chainId);
  if (elsewhere.length === 0) return null;
  const gone = new Set(elsewhere.map((t) => t.hash));
  const jobs = data.mintJobs.length;
  data.chainTransactions = data.chainTransactions.filter((t) => !gone.has(t.hash));
  data.mintJobs = data.mintJobs.filter((j) => !j.txHash || !gone.has(j.txHash));
  const kept = new Set(data.mintJobs.map((j) => j.id));
  data.conversions = data.conversions.filter((c) => kept.has(c.mintJobId));
  for (const p of data.payouts) if (p.txHash && gone.has(p.txHash)) p.signedTx = null;
  const chains = [...new Set(elsewhere.map((t) => t.chainId))].join(', ');
  return `${elsewhere.length} transactions of chain ${chains} and the ${jobs - data.mintJobs.length} mint jobs that sent them were not loaded: this server mints on chain ${token.chainId}.`;
}
