import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import OrderList from './OrderList';
import OrderShow from './OrderShow';
import { shortId, type OrderSummary } from './constants';

export default {
  list: OrderList,
  show: OrderShow,
  icon: ReceiptLongIcon,
  recordRepresentation: (record: OrderSummary) => shortId(record.id),
};
