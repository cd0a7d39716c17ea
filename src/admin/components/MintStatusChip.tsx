import { Chip } from '@mui/material';
import { useTranslate } from 'react-admin';
import { mintStatusOf, type MintStatus } from '../../common/mint';

export const MINT_STATUS_COLORS: Record<
  MintStatus,
  'default' | 'secondary' | 'warning' | 'info' | 'success' | 'error'
> = {
  awaiting_approval: 'secondary',
  queued: 'warning',
  processing: 'info',
  succeeded: 'success',
  failed: 'error',
  rejected: 'default',
};

/** A mint job's status as a coloured chip; unknown values show as queued. */
export default function MintStatusChip({ status }: { status: unknown }) {
  const translate = useTranslate();
  const known = mintStatusOf(status);
  return (
    <Chip size="small" color={MINT_STATUS_COLORS[known]} label={translate(`resources.mint-queue.status.${known}`)} />
  );
}
