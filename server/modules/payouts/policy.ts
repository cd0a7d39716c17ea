/**
 * Payouts: staff read them, finance and admins make and settle them; a user asks for their own. Lifecycle (DESIGN.md):
 * pending → completed (with a bank reference or a transaction hash) | failed | cancelled; nothing moves again after.
 */
import { fromCents } from '../../../src/common/money.js';
import { allow, resourceAccess } from '../../lib/access.js';

export const payoutAccess = { ...resourceAccess('payouts'), own: allow('self') };

export function statusRefusal(from: string, to: string, proof: { reference: string | null; txHash: string | null }): string | null {
  if (from !== 'pending') return `A ${from} payout cannot become ${to}: only a pending one can.`;
  if (to === 'completed' && !proof.reference && !proof.txHash) return 'A completed payout needs the bank reference or the transaction hash of the transfer.';
  return null;
}

/** Why this much may not be paid out, or null. */
export function amountRefusal(netCents: number, minimumCents: number | null): string | null {
  if (netCents <= 0) return 'There is nothing to pay: no approved commissions beyond the open clawbacks.';
  if (minimumCents !== null && netCents < minimumCents) {
    return `Your available earnings of ${fromCents(netCents).toFixed(2)} are below the minimum payout of ${fromCents(minimumCents).toFixed(2)}.`;
  }
  return null;
}

const WEI_DECIMALS = 18;

/**
 * Wei sent for `cents` at `rate` tokens per 1.00 (a decimal string of at most 18 places), exact in integers and rounded
 * down to the wei, so a payout never sends more than its amount is worth at the rate.
 */
export function tokenWei(cents: number, rate: string): bigint {
  const m = /^(\d+)(?:\.(\d{1,18}))?$/.exec(rate.trim());
  if (!m) throw new Error(`Not a token rate: ${rate}`);
  const weiPerUnit = BigInt(m[1]!) * 10n ** BigInt(WEI_DECIMALS) + BigInt((m[2] ?? '').padEnd(WEI_DECIMALS, '0') || '0');
  return (BigInt(cents) * weiPerUnit) / 100n;
}

/** Why a payout may not be paid on chain now (null: it may), with the HTTP status to answer. */
export function onchainRefusal(p: {
  status: string; recipient: string; wallet: string | null; transferState: string | null; claimed: boolean; rate: string | null; signerReady: boolean;
}): { status: 409 | 422 | 503; code: string; error: string } | null {
  if (p.status !== 'pending') return { status: 409, code: 'illegal_transition', error: `A ${p.status} payout cannot be paid on chain: only a pending one can.` };
  if (p.claimed) return { status: 409, code: 'transfer_in_progress', error: 'This payout is being paid on chain right now: wait for that transfer.' };
  if (!p.signerReady) return { status: 503, code: 'chain_unavailable', error: 'On-chain payouts are not configured on this server: set PAYOUT_PRIVATE_KEY for the platform wallet (with RPC_URL).' };
  if (p.transferState === 'signed' || p.transferState === 'sent') return null; // a retry: re-send the stored bytes or find the receipt
  if (!p.wallet) return { status: 422, code: 'no_wallet', error: `${p.recipient} has no payout wallet: ask them to add one, or pay by bank and mark the payout completed.` };
  if (!p.rate) return { status: 422, code: 'no_token_rate', error: 'Set the payout token rate in Settings (tokens for 1.00) before paying on chain.' };
  return null;
}

/** A payout whose transfer may still be mined cannot be settled by hand: it could be paid twice. */
export function inFlightRefusal(transferState: string | null, txHash: string | null): string | null {
  if (transferState === 'signed' || transferState === 'sent') {
    return `This payout's on-chain transfer ${txHash ?? ''} may still be mined: press Pay on chain again to finish it before settling the payout by hand.`;
  }
  return null;
}
