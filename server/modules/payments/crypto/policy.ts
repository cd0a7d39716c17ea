/**
 * Crypto payments' pure rules, all in wei (bigint): no floating point ever touches an amount.
 *
 * - The order's crypto price: the products' crypto prices × quantities, scaled by the order's total over its subtotal
 *   (so a coupon, tax and shipping count at the rate the products' two prices imply), rounded UP to 8 decimals: the
 *   buyer is asked for an amount they can type, and the shop never receives less than the fiat price's worth.
 * - A deposit's verdict: what it holds at the confirmed height against the amount (exact, under, over).
 * - A refund's share of what was received, proportional to the cents refunded (the last refund takes the rest, so
 *   an overpayment goes back too), less the network fee of sending it (the buyer's refund pays its own gas).
 */
import { say, type Said } from '../../../lib/errors.js';
import { formatEther, parseEther } from 'viem';

export const WEI_PER_ETHER = 10n ** 18n;
/** Crypto amounts are asked for with 8 decimals: 10^10 wei. */
export const AMOUNT_STEP_WEI = 10n ** 10n;
/** A plain transfer of the native token to an address without code costs exactly this much gas. */
export const TRANSFER_GAS = 21_000n;

/** "0.5" (a numeric column's text, up to 18 decimals) → wei. */
export const toWei = (decimal: string): bigint => parseEther(decimal.trim());
/** A numeric(78,0) column's text (wei) → bigint. */
export const weiOf = (text: string): bigint => BigInt(text.split('.')[0]!);
/** Wei → the exact decimal string ("0.5", "1", "0.000000000000000001"). */
export const fromWei = (wei: bigint): string => formatEther(wei);

const ceilTo = (wei: bigint, step: bigint) => ((wei + step - 1n) / step) * step;

export type CryptoLine = { title: string; qty: number; priceCrypto: string };

/** Why this cart cannot be paid in crypto (a product without a crypto price), or null. */
export function cryptoPriceProblem(lines: CryptoLine[]): Said | null {
  const free = lines.find((l) => toWei(l.priceCrypto) <= 0n);
  return free ? say('no_crypto_price', { title: free.title }) : null;
}

/** The order's crypto price in wei (see the header); `subtotalCents` 0 leaves the products' sum as it is. */
export function orderAmountWei(lines: CryptoLine[], subtotalCents: number, totalCents: number): bigint {
  const productsWei = lines.reduce((sum, l) => sum + toWei(l.priceCrypto) * BigInt(l.qty), 0n);
  const scaled =
    subtotalCents > 0
      ? (productsWei * BigInt(totalCents) + BigInt(subtotalCents) - 1n) / BigInt(subtotalCents)
      : productsWei;
  return ceilTo(scaled, AMOUNT_STEP_WEI);
}

export type DepositVerdict =
  | { kind: 'nothing'; received: bigint; missing: bigint }
  | { kind: 'under'; received: bigint; missing: bigint }
  | { kind: 'exact'; received: bigint }
  | { kind: 'over'; received: bigint; over: bigint };

/** What the deposit address holds (at the confirmed height) against what is owed. */
export function depositVerdict(amountWei: bigint, receivedWei: bigint): DepositVerdict {
  if (receivedWei <= 0n) return { kind: 'nothing', received: 0n, missing: amountWei };
  if (receivedWei < amountWei) return { kind: 'under', received: receivedWei, missing: amountWei - receivedWei };
  if (receivedWei === amountWei) return { kind: 'exact', received: receivedWei };
  return { kind: 'over', received: receivedWei, over: receivedWei - amountWei };
}

export const isPaid = (v: DepositVerdict) => v.kind === 'exact' || v.kind === 'over';

/** The block whose state counts with `confirmations` confirmations at `head` (1: the head itself); null before any. */
export function confirmedHeight(head: bigint, confirmations: number): bigint | null {
  const h = head - BigInt(confirmations - 1);
  return h >= 0n ? h : null;
}

/**
 * The wei a refund of `cents` gives back, after `refundedCents` were refunded before: its share of everything
 * received. Shares add up to exactly `receivedWei` when the refunds reach the amount.
 */
export function refundShareWei(receivedWei: bigint, amountCents: number, refundedCents: number, cents: number): bigint {
  const upTo = (c: number) => (receivedWei * BigInt(c)) / BigInt(amountCents);
  const after = refundedCents + cents >= amountCents ? receivedWei : upTo(refundedCents + cents);
  return after - upTo(refundedCents);
}

export type RefundTransfer = { valueWei: bigint; feeWei: bigint };

/** What a refund's transaction sends and what its gas costs (at `gasPriceWei` per gas); a share below the fee is refused. */
export function refundTransfer(shareWei: bigint, gasPriceWei: bigint): RefundTransfer | { refused: Said } {
  const feeWei = TRANSFER_GAS * gasPriceWei;
  if (shareWei <= feeWei) {
    return { refused: say('refund_below_fee', { amount: fromWei(shareWei), fee: fromWei(feeWei) }) };
  }
  return { valueWei: shareWei - feeWei, feeWei };
}
