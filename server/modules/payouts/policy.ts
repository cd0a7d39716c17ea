/**
 * Payouts: staff read them, finance and admins make, approve and settle them; a user asks for their own. Lifecycle:
 * pending → completed (with a bank reference or a transaction hash) | failed | cancelled; nothing moves again after.
 * Above settings payoutDualControlAbove a pending payout is approved by a second member of staff before it is completed
 * or paid on chain; nobody takes any of these decisions on a payout to themself.
 */
import { say, type Said } from '../../lib/errors.js';
import { fromCents } from '../../../src/common/money.js';
import { allow, resourceAccess } from '../../lib/access.js';

export const payoutAccess = { ...resourceAccess('payouts'), own: allow('self') };

export function statusRefusal(
  from: string,
  to: string,
  proof: { reference: string | null; txHash: string | null },
): Said | null {
  if (from !== 'pending') return say('payout_not_pending', { from, to });
  if (to === 'completed' && !proof.reference && !proof.txHash) return say('proof_required');
  return null;
}

/** Why this much may not be paid out, or null. */
export function amountRefusal(netCents: number, minimumCents: number | null): Said | null {
  if (netCents <= 0) return say('nothing_to_pay');
  if (minimumCents !== null && netCents < minimumCents) {
    return say('below_minimum_payout', {
      available: fromCents(netCents).toFixed(2),
      minimum: fromCents(minimumCents).toFixed(2),
    });
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
  const weiPerUnit =
    BigInt(m[1]!) * 10n ** BigInt(WEI_DECIMALS) + BigInt((m[2] ?? '').padEnd(WEI_DECIMALS, '0') || '0');
  return (BigInt(cents) * weiPerUnit) / 100n;
}

/** Why a payout may not be paid on chain now (null: it may), with the HTTP status to answer. */
export function onchainRefusal(p: {
  status: string;
  recipient: string;
  wallet: string | null;
  transferState: string | null;
  claimed: boolean;
  rate: string | null;
  signerReady: boolean;
}): { status: 409 | 422 | 503; code: string; error: Said } | null {
  if (p.status !== 'pending')
    return { status: 409, code: 'illegal_transition', error: say('payout_not_payable_on_chain', { status: p.status }) };
  if (p.claimed) return { status: 409, code: 'transfer_in_progress', error: say('transfer_in_progress') };
  if (!p.signerReady) return { status: 503, code: 'chain_unavailable', error: say('payouts_chain_unavailable') };
  if (p.transferState === 'signed' || p.transferState === 'sent') return null; // a retry: re-send the stored bytes or find the receipt
  if (!p.wallet) return { status: 422, code: 'no_wallet', error: say('no_payout_wallet', { recipient: p.recipient }) };
  if (!p.rate) return { status: 422, code: 'no_token_rate', error: say('no_token_rate') };
  return null;
}

/** A payout whose transfer may still be mined cannot be settled by hand: it could be paid twice. */
export function inFlightRefusal(transferState: string | null, txHash: string | null): Said | null {
  if (transferState === 'signed' || transferState === 'sent') {
    return say('transfer_in_flight', { txHash: txHash ?? '' });
  }
  return null;
}

export type PayoutDecision = 'create' | 'approve' | 'settle' | 'pay';

const OWN_PAYOUT = {
  create: 'own_payout_create',
  approve: 'own_payout_approve',
  settle: 'own_payout_settle',
  pay: 'own_payout_pay',
} as const;

/**
 * Why `actorId` may not take this decision on a payout, or null: nobody creates, approves, settles or pays a payout to
 * themself, and its creator is not its approver. The recipient's own request (POST /api/referrals/payout) is not a decision.
 */
export function ownPayoutRefusal(
  actorId: string | null,
  payout: { recipientId: string; requestedBy: string | null },
  decision: PayoutDecision,
): Said | null {
  if (actorId === null) return null;
  if (payout.recipientId === actorId) return say(OWN_PAYOUT[decision]);
  if (decision === 'approve' && payout.requestedBy === actorId) return say('payout_approve_own_creation');
  return null;
}

/** Why this payout may not be approved now, or null: only a pending payout, once. */
export function approvalRefusal(
  payout: { status: string; approvedBy: string | null },
  approver: string | null,
): Said | null {
  if (payout.status !== 'pending') return say('payout_approve_not_pending', { status: payout.status });
  if (payout.approvedBy) return say('payout_already_approved', { approver: approver ?? payout.approvedBy });
  return null;
}

/** Why this payout may not leave yet, or null: above `limitCents` (settings payoutDualControlAbove) it needs an approval first. */
export function dualControlRefusal(
  payout: { amountCents: number; currency: string; approvedBy: string | null },
  limitCents: number,
): Said | null {
  if (payout.approvedBy || payout.amountCents <= limitCents) return null;
  return say('payout_approval_required', {
    amount: `${fromCents(payout.amountCents).toFixed(2)} ${payout.currency}`,
    limit: `${fromCents(limitCents).toFixed(2)} ${payout.currency}`,
  });
}
