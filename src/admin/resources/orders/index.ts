import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import type { OrderSummary } from '../../../common/orders';
import { shortId } from '../../components/ids';
import { lazyResource } from '../../lazyResource';

/** Orders: list and show at /orders (API /api/orders); orders are created from the list's dialog. */
export default lazyResource({
  name: 'orders',
  icon: ReceiptLongIcon,
  recordRepresentation: (record: OrderSummary) => shortId(record.id),
  list: () => import('./OrderList'),
  show: () => import('./OrderShow'),
});
