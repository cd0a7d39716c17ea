import PaymentIcon from '@mui/icons-material/Payment';
import type { Payment } from '../../../common/payments';
import { shortId } from '../../components/ids';
import { lazyResource } from '../../lazyResource';

/** Payments: list and show at /payments (API /api/payments); finance and admins refund from the payment's page. */
export default lazyResource({
  name: 'payments',
  icon: PaymentIcon,
  recordRepresentation: (record: Payment) => shortId(record.id),
  list: () => import('./PaymentList'),
  show: () => import('./PaymentShow'),
});
