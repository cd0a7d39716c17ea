/**
 * A product's redemption policy (its loose `redeemPolicy` object: redeemable, minQty, feePercent, deliveryDays,
 * atMaturity, payout) in words, for its token's metadata. Metadata is one public document for every wallet, so its
 * words are English; keys it does not know are left out.
 */
type Policy = Record<string, unknown> | null;

const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const word = (v: unknown) => (typeof v === 'string' && /^[\w -]{1,40}$/.test(v) ? v : null);

export function redemptionInWords(policy: Policy): string {
  if (!policy || typeof policy.redeemable !== 'boolean') return 'No redemption policy is stated.';
  const payout = word(policy.payout);
  if (!policy.redeemable)
    return payout
      ? `Not redeemable for the underlying asset; it pays out ${payout}.`
      : 'Not redeemable for the underlying asset.';
  const terms: string[] = [];
  const minQty = num(policy.minQty);
  const fee = num(policy.feePercent);
  const days = num(policy.deliveryDays);
  if (minQty !== null) terms.push(`at least ${minQty} ${minQty === 1 ? 'token' : 'tokens'} at a time`);
  if (fee !== null) terms.push(`a fee of ${fee}%`);
  if (days !== null) terms.push(`delivery within ${days} ${days === 1 ? 'day' : 'days'}`);
  const when = policy.atMaturity === true ? ' at maturity' : '';
  const tail = payout ? ` It pays out ${payout}.` : '';
  return `Redeemable for the underlying asset${when}${terms.length ? `: ${terms.join(', ')}` : ''}.${tail}`;
}
