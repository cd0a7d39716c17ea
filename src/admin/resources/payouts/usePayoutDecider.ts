import { useCanAccess, useGetIdentity, useRecordContext } from 'react-admin';
import type { Payout } from '../../../common/referrals';

/**
 * What a payout's decision buttons ask first: the payout on screen, whether the role may decide payouts, and whether the
 * signed-in member of staff is its recipient or creator, who may not decide it (the server refuses them too).
 */
export function usePayoutDecider() {
  const payout = useRecordContext<Payout>();
  const { canAccess: canWrite = false } = useCanAccess({ resource: 'payouts', action: 'edit' });
  const { identity } = useGetIdentity();
  const known = !!payout && !!identity;
  const party = {
    known,
    recipient: known && identity!.id === payout!.recipientId,
    creator: known && identity!.id === payout!.createdBy,
  };
  return { payout, canWrite, party };
}
