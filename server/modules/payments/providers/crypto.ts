/**
 * Crypto: the chain's native token, paid to an address of the payment's own (derived from the HD key at an index
 * a sequence hands out once). Nothing is confirmed by the buyer's browser: the watcher (payments/crypto/watcher.ts)
 * completes the payment once the address holds the amount with enough confirmations. A refund sends the token back
 * from that address to whoever paid, less the network fee of the transfer; its signed transaction is stored in the
 * refund's own transaction and broadcast after it commits (the watcher re-broadcasts the same bytes until mined).
 */
import { eq, sql } from 'drizzle-orm';
import { getAddress, keccak256, type Address, type Hex } from 'viem';
import type { ChainContext } from '../../../chain/client.js';
import { depositKeys, DEV_CRYPTO_MNEMONIC, type DepositKeys } from '../../../chain/hd.js';
import type { CryptoConfig } from '../../../config.js';
import type { ChainRuntime } from '../../mint/runtime.js';
import { broadcast } from '../../../chain/mint.js';
import { queryRows, type Tx } from '../../../db/client.js';
import { chainTransactions, cryptoDeposits, cryptoRefunds, orderItems, orders, products } from '../../../db/schema.js';
import { AppError, messageOf, say, unprocessable } from '../../../lib/errors.js';
import {
  cryptoPriceProblem,
  fromWei,
  orderAmountWei,
  refundShareWei,
  refundTransfer,
  TRANSFER_GAS,
  weiOf,
} from '../crypto/policy.js';
import type { PaymentDriver, ProviderPayment } from './types.js';

export type CryptoRuntime = {
  chain: Pick<ChainContext, 'chainId' | 'publicClient' | 'account' | 'tokenAddress'>;
  keys: DepositKeys;
  confirmations: number;
  log: { warn(message: string): void };
};

/**
 * Crypto is on when the chain is connected (its chain id checked) and a mnemonic is known: CRYPTO_MNEMONIC, or on the
 * embedded dev chain its fixed dev mnemonic. On an RPC chain without CRYPTO_MNEMONIC it stays off: a public mnemonic
 * must never receive real money.
 */
export function cryptoRuntimeOf(
  runtime: ChainRuntime | null,
  config: CryptoConfig,
  log: CryptoRuntime['log'],
): CryptoRuntime | null {
  const chain = runtime?.chain;
  if (!chain || runtime.error) return null;
  const mnemonic = config.mnemonic ?? (chain.devChain ? DEV_CRYPTO_MNEMONIC : null);
  if (!mnemonic) return null;
  return { chain, keys: depositKeys(mnemonic), confirmations: config.confirmations, log };
}

/** The page where the buyer sees the address and amount (the shop's bundle, as the sandbox's card page). */
export const cryptoPayPath = (paymentId: string) => `/pay/crypto/${paymentId}`;

/** The order's crypto price, from its lines' products' crypto prices (read in the caller's transaction). */
async function orderAmount(tx: Tx, orderId: string): Promise<bigint> {
  const [order] = await tx
    .select({ subtotalCents: orders.subtotalCents, amountCents: orders.amountCents })
    .from(orders)
    .where(eq(orders.id, orderId))
    .limit(1);
  const lines = await tx
    .select({
      title: orderItems.title,
      qty: orderItems.qty,
      priceCrypto: products.priceCrypto,
      lineTotalCents: orderItems.lineTotalCents,
    })
    .from(orderItems)
    .innerJoin(products, eq(products.id, orderItems.productId))
    .where(eq(orderItems.orderId, orderId));
  const problem = lines.length === 0 ? say('crypto_no_lines') : cryptoPriceProblem(lines);
  if (problem) throw unprocessable(problem, undefined, { provider: problem }, 'no_crypto_price');
  const subtotal = order!.subtotalCents ?? lines.reduce((sum, l) => sum + l.lineTotalCents, 0);
  return orderAmountWei(lines, subtotal, order!.amountCents);
}

async function atChain<T>(what: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw new AppError(502, 'chain_unreachable_for', { what }, undefined, 'provider_unavailable');
  }
}

/**
 * Signs a transfer of `share` (value + its fee) from a deposit address back to `to`, and stores it (crypto_refunds and
 * the replay log) in the caller's transaction, before anything is sent; answers its hash and the bytes to broadcast.
 */
export async function storeDepositTransfer(
  rt: CryptoRuntime,
  tx: Tx,
  deposit: typeof cryptoDeposits.$inferSelect,
  to: Address,
  value: bigint,
  fee: bigint,
  gasPrice: bigint,
  refundId: string,
  now: Date,
) {
  const from = rt.keys.account(deposit.derivationIndex);
  const signedTx = await from.signTransaction({
    type: 'eip1559',
    chainId: rt.chain.chainId,
    nonce: deposit.nextNonce,
    to,
    value,
    gas: TRANSFER_GAS,
    maxFeePerGas: gasPrice,
    maxPriorityFeePerGas: gasPrice,
  });
  const txHash = keccak256(signedTx);
  await tx.insert(cryptoRefunds).values({
    refundId,
    paymentId: deposit.paymentId,
    chainId: rt.chain.chainId,
    toAddress: to,
    valueWei: value.toString(),
    feeWei: fee.toString(),
    nonce: deposit.nextNonce,
    signedTx,
    txHash,
    status: 'sent',
    createdAt: now,
    updatedAt: now,
  });
  await tx
    .insert(chainTransactions)
    .values({ chainId: rt.chain.chainId, hash: txHash, sender: from.address, nonce: deposit.nextNonce, raw: signedTx });
  await tx
    .update(cryptoDeposits)
    .set({
      spentWei: (weiOf(deposit.spentWei) + value + fee).toString(),
      nextNonce: deposit.nextNonce + 1,
      updatedAt: now,
    })
    .where(eq(cryptoDeposits.paymentId, deposit.paymentId));
  return { txHash, signedTx: signedTx as Hex };
}

export function cryptoDriver(rt: CryptoRuntime): PaymentDriver {
  const { chain, keys } = rt;
  return {
    name: 'crypto',
    method: 'crypto',
    testMode: chain.chainId === 31337,
    async create(payment: ProviderPayment, ctx) {
      if (!ctx) throw new Error('crypto payments are opened inside a transaction');
      const { tx } = ctx;
      const amountWei = await orderAmount(tx, payment.orderId);
      // A sequence never hands the same number out twice, even when this transaction rolls back.
      const [{ index }] = (await queryRows<{ index: string }>(
        tx,
        sql`select nextval(pg_get_serial_sequence('crypto_deposits', 'derivation_index')) as index`,
      )) as [{ index: string }];
      const derivationIndex = Number(index);
      const address = keys.address(derivationIndex);
      const head = await atChain('open the payment', () => chain.publicClient.getBlockNumber());
      return {
        redirectUrl: cryptoPayPath(payment.id),
        reference: address,
        afterInsert: async ({ tx: same, now }) => {
          await same.insert(cryptoDeposits).values({
            paymentId: payment.id,
            derivationIndex,
            address,
            chainId: chain.chainId,
            amountWei: amountWei.toString(),
            fromBlock: Number(head),
            createdAt: now,
            updatedAt: now,
          });
        },
      };
    },
    async confirm() {
      throw unprocessable('confirmed_on_chain');
    },
    async refund(payment, cents, ctx) {
      if (!ctx) throw new Error('crypto refunds are made inside the refund’s transaction');
      const { tx, now, refundId } = ctx;
      const [deposit] = await tx
        .select()
        .from(cryptoDeposits)
        .where(eq(cryptoDeposits.paymentId, payment.id))
        .for('update')
        .limit(1);
      if (!deposit) throw unprocessable('crypto_no_deposit');
      if (!deposit.payer) throw unprocessable('crypto_no_payer');
      const received = weiOf(deposit.receivedWei);
      const share = refundShareWei(received, payment.amountCents, payment.refundedCents ?? 0, cents);
      const from = keys.account(deposit.derivationIndex);
      const [fees, balance] = await atChain('give the money back', () =>
        Promise.all([
          chain.publicClient.estimateFeesPerGas({ type: 'eip1559' }),
          chain.publicClient.getBalance({ address: from.address }),
        ]),
      );
      // maxPriorityFee = maxFee makes the price paid exactly maxFee per gas (min(maxFee, baseFee + tip)), so the fee is known before sending.
      const gasPrice = fees.maxFeePerGas;
      const transfer = refundTransfer(share, gasPrice);
      if ('refused' in transfer)
        throw unprocessable(transfer.refused, undefined, { amount: transfer.refused }, 'refund_below_fee');
      if (balance < share) {
        throw unprocessable('crypto_balance_short', { held: fromWei(balance), needed: fromWei(share) });
      }
      const to = getAddress(deposit.payer) as Address;
      const { txHash, signedTx } = await storeDepositTransfer(
        rt,
        tx,
        deposit,
        to,
        transfer.valueWei,
        transfer.feeWei,
        gasPrice,
        refundId,
        now,
      );
      return {
        reference: txHash,
        afterCommit: async () => {
          await broadcast(chain as Parameters<typeof broadcast>[0], signedTx as Hex).catch((err: unknown) =>
            rt.log.warn(`crypto refund ${txHash}: broadcast failed, the watcher will send it again: ${messageOf(err)}`),
          );
        },
      };
    },
    async status(payment) {
      return payment.status as 'pending' | 'completed' | 'failed' | 'refunded';
    },
  };
}
