import { useCanAccess, useGetIdentity, useRecordContext } from 'react-admin';
import type { Payout, PayoutDetail } from '../../../common/referrals';

/**
 * What a payout's decision buttons ask first: the payout on screen, whether the role may decide payouts, whether the
 * signed-in member of staff is its recipient or creator, who may not decide it (the server refuses them too), and
 * whether it still waits for a second person's approval (known once the one-record answer is in: `detail`).
 */
export function usePayoutDecider() {
  const payout = useRecordContext<Payout | PayoutDetail>();
  const { canAccess: canWrite = false } = useCanAccess({ resource: 'payouts', action: 'edit' });
  const { identity } = useGetIdentity();
  const known = !!payout && !!identity;
  const party = {
    known,
    recipient: known && identity!.id === payout!.recipientId,
    creator: known && identity!.id === payout!.createdBy,
  };
  const detail = payout && 'approvalRequired' in payout ? payout : null;
  return { payout, canWrite, party, detail, approvalRequired: !!detail?.approvalRequired };
}
