import { Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { MANUAL_ORDER_ID, type MintJob } from '../../../common/mint';
import { shortId } from '../../components/ids';
import RecordLink from '../../components/RecordLink';

/** A mint job's order: "manual" for jobs minted by hand, "points conversion" for a member's, otherwise the order's short id linking to it. */
export default function OrderRef({ job }: { job: Pick<MintJob, 'orderId' | 'source'> }) {
  const translate = useTranslate();
  const { orderId } = job;
  if (!orderId || orderId === MANUAL_ORDER_ID) {
    const label = job.source === 'conversion' ? 'conversion' : 'manual';
    return (
      <Typography variant="body2" component="span" color="text.secondary">
        {translate(`resources.mint-queue.${label}`)}
      </Typography>
    );
  }
  return (
    <RecordLink resource="orders" id={orderId} mono title={orderId}>
      {shortId(orderId)}
    </RecordLink>
  );
}
