import LocalOfferIcon from '@mui/icons-material/LocalOffer';
import type { Coupon } from '../../../common/coupons';
import { lazyResource } from '../../lazyResource';

/** Coupons: list, show, edit and create at /coupons (API /api/coupons). */
export default lazyResource({
  name: 'coupons',
  icon: LocalOfferIcon,
  recordRepresentation: (record: Coupon) => record.code,
  list: () => import('./CouponList'),
  show: () => import('./CouponShow'),
  edit: () => import('./CouponEdit'),
  create: () => import('./CouponCreate'),
});
