import DeleteIcon from '@mui/icons-material/Delete';
import EventBusyIcon from '@mui/icons-material/EventBusy';
import type { Coupon } from '../../../common/coupons';
import BulkActionButton from '../../components/BulkActionButton';

const code = (c: Coupon) => c.code;

/** The selected coupons: expire them now, or delete them (a used one is refused and named). */
export default function CouponBulkActions() {
  return (
    <>
      <BulkActionButton<Coupon>
        path="/api/coupons/bulk"
        body={{ action: 'expire' }}
        label="resources.coupons.bulk.expire"
        confirm="resources.coupons.bulk.confirm_expire"
        icon={<EventBusyIcon />}
        name={code}
      />
      <BulkActionButton<Coupon>
        path="/api/coupons/bulk"
        body={{ action: 'delete' }}
        label="resources.coupons.bulk.delete"
        confirm="resources.coupons.bulk.confirm_delete"
        icon={<DeleteIcon />}
        danger
        name={code}
      />
    </>
  );
}
