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
