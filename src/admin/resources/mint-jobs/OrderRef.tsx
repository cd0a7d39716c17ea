import { Typography } from '@mui/material';
import { Link, useTranslate } from 'react-admin';
import { MONO } from '../../components/Mono';
import { MANUAL_ORDER_ID } from '../../../common/mint';
import { shortId } from '../../components/ids';

/** A mint job's order: "manual" for jobs minted by hand, otherwise the order's short id linking to it. */
export default function OrderRef({ orderId }: { orderId: string | null | undefined }) {
  const translate = useTranslate();
  if (!orderId || orderId === MANUAL_ORDER_ID) {
    return <Typography variant="body2" component="span" color="text.secondary">{translate('resources.mint-queue.manual')}</Typography>;
  }
  return (
    <Link to={`/orders/${encodeURIComponent(orderId)}/show`} title={orderId} sx={MONO}>
      {shortId(orderId)}
    </Link>
  );
}
