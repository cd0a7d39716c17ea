import { Alert } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useFormat } from '../../hooks/useFormat';
import { usePayoutDecider } from './usePayoutDecider';

/**
 * Who may do what next on a pending payout, said instead of buttons the reader cannot use: its creator waits for another
 * person's approval, another member of staff approves it first, its recipient leaves it to others.
 */
export default function PayoutNextStep() {
  const { detail, canWrite, party, approvalRequired } = usePayoutDecider();
  const translate = useTranslate();
  const { money } = useFormat();
  if (!detail || !canWrite || detail.status !== 'pending' || !party.known) return null;
  const step = party.recipient ? 'own' : approvalRequired ? (party.creator ? 'waiting' : 'approve_first') : null;
  if (!step) return null;
  return (
    <Alert severity="info" data-testid="payout-next-step" sx={{ flexBasis: '100%' }}>
      {translate(`resources.payouts.next.${step}`, { amount: money(detail.amount, detail.currency) })}
    </Alert>
  );
}
