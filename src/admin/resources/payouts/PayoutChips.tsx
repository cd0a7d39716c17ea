import { Chip } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';
import type { Payout } from '../../../common/referrals';

const COLORS = { pending: 'warning', completed: 'success', failed: 'error', cancelled: 'default' } as const;

export function PayoutStatusChip() {
  const p = useRecordContext<Payout>();
  const translate = useTranslate();
  return p ? (
    <Chip size="small" color={COLORS[p.status]} label={translate(`resources.payouts.status.${p.status}`)} />
  ) : null;
}
