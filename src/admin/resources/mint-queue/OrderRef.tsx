import { Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { MANUAL_ORDER_ID, type MintJob } from '../../../common/mint';
import { shortId } from '../../components/ids';
import Mono from '../../components/Mono';
import RecordLink from '../../components/RecordLink';

/**
 * A mint job's order: "manual" for jobs minted by hand, "points conversion" for a member's, "redemption (burn)" for a
 * holder's tokens burned, otherwise the order's short id linking to it (`plain`: as text, inside a line that is itself
 * a link).
 */
export default function OrderRef({ job, plain }: { job: Pick<MintJob, 'orderId' | 'source'>; plain?: boolean }) {
  const translate = useTranslate();
  const { orderId } = job;
  if (!orderId || orderId === MANUAL_ORDER_ID) {
    const label = job.source === 'order' ? 'manual' : job.source;
    return (
      <Typography variant="body2" component="span" color="text.secondary">
        {translate(`resources.mint-queue.${label}`)}
      </Typography>
    );
  }
  if (plain) return <Mono title={orderId}>{shortId(orderId)}</Mono>;
  return (
    <RecordLink resource="orders" id={orderId} mono title={orderId}>
      {shortId(orderId)}
    </RecordLink>
  );
}
