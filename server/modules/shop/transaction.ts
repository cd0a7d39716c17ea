import { and, eq, or } from 'drizzle-orm';
import { getAddress, type Hex } from 'viem';
import type { ShopTransaction } from '../../../src/common/shop.js';
import { publicExplorerTxUrl } from '../../chain/client.js';
import type { Db } from '../../db/client.js';
import { conversions, cryptoDeposits, cryptoRefunds, mintJobs, orders, payments } from '../../db/schema.js';
import { AppError, notFound, unauthorized } from '../../lib/errors.js';
import { sameSecret } from '../checkout/service.js';
import type { ChainRuntime } from '../mint/runtime.js';
import { nullIfMissing } from '../mint/service.js';

type What = Pick<ShopTransaction, 'kind' | 'orderId' | 'tokenId' | 'amount' | 'walletAddress'>;

/** Whose transaction is asked for: the logged-in user's, or a guest's order by the checkout's secret. */
export type TxReader = { userId: string } | { orderId: string };

/** What this transaction did for the reader: a mint of their order or conversion, their crypto payment or refund. */
async function whatItDidFor(db: Db, reader: TxReader, hash: string): Promise<What | null> {
  const theirs = 'userId' in reader ? eq(orders.userId, reader.userId) : eq(orders.id, reader.orderId);
  const converted = 'userId' in reader ? eq(conversions.userId, reader.userId) : undefined;
  const [mint] = await db
    .select({
      orderId: mintJobs.orderId,
      tokenId: mintJobs.tokenId,
      amount: mintJobs.amount,
      wallet: mintJobs.walletAddress,
    })
    .from(mintJobs)
    .leftJoin(orders, eq(orders.id, mintJobs.orderId))
    .leftJoin(conversions, eq(conversions.mintJobId, mintJobs.id))
    .where(and(eq(mintJobs.txHash, hash), or(theirs, converted)))
    .limit(1);
  if (mint)
    return {
      kind: 'mint',
      orderId: mint.orderId,
      tokenId: mint.tokenId,
      amount: mint.amount,
      walletAddress: mint.wallet,
    };
  const money = (kind: 'payment' | 'refund', orderId: string) =>
    ({ kind, orderId, tokenId: null, amount: null, walletAddress: null }) as const;
  const [paid] = await db
    .select({ orderId: payments.orderId })
    .from(cryptoDeposits)
    .innerJoin(payments, eq(payments.id, cryptoDeposits.paymentId))
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .where(and(eq(cryptoDeposits.payTxHash, hash), theirs))
    .limit(1);
  if (paid?.orderId) return money('payment', paid.orderId);
  const [refunded] = await db
    .select({ orderId: payments.orderId })
    .from(cryptoRefunds)
    .innerJoin(payments, eq(payments.id, cryptoRefunds.paymentId))
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .where(and(eq(cryptoRefunds.txHash, hash), theirs))
    .limit(1);
  return refunded?.orderId ? money('refund', refunded.orderId) : null;
}

/**
 * Who reads: the logged-in caller, or, for a guest, the order named with its checkout's secret (a wrong secret reads
 * as an order with no transactions). Neither: 401.
 */
export async function txReader(
  db: Db,
  caller: { id: string } | null,
  order: { id: string | undefined; secret: string | null },
): Promise<TxReader> {
  if (caller) return { userId: caller.id };
  if (!order.id || !order.secret) throw unauthorized('checkout_secret_required');
  const [row] = await db
    .select({ hash: orders.checkoutSecretHash })
    .from(orders)
    .where(eq(orders.id, order.id))
    .limit(1);
  if (!row || !sameSecret(order.secret, row.hash)) throw notFound('transaction_not_found');
  return { orderId: order.id };
}

/**
 * A buyer's own transaction: answered only when it minted their tokens or moved their crypto payment; any other
 * hash reads as one that does not exist, so nobody learns another buyer's transactions by trying hashes.
 */
export async function ownTransaction(
  db: Db,
  runtime: ChainRuntime | null,
  reader: TxReader,
  hash: Hex,
): Promise<ShopTransaction> {
  const what = await whatItDidFor(db, reader, hash);
  if (!what) throw notFound('transaction_not_found');
  const chain = runtime?.chain;
  if (!chain) throw new AppError(503, 'chain_unavailable');
  const [tx, receipt, head] = await Promise.all([
    chain.publicClient.getTransaction({ hash }).catch(nullIfMissing),
    chain.publicClient.getTransactionReceipt({ hash }).catch(nullIfMissing),
    chain.publicClient.getBlockNumber(),
  ]);
  return {
    hash,
    chainId: chain.chainId,
    ...what,
    status: receipt ? receipt.status : 'pending',
    blockNumber: receipt ? String(receipt.blockNumber) : null,
    confirmations: receipt ? Number(head - receipt.blockNumber + 1n) : 0,
    from: tx ? getAddress(tx.from) : null,
    to: tx?.to ? getAddress(tx.to) : null,
    explorerUrl: publicExplorerTxUrl(chain.chainId, hash),
  };
}
