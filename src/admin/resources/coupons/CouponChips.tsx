import { Chip } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';
import { couponStatusOf, type Coupon, type CouponStatus } from '../../../common/coupons';

const STATUS_COLORS: Record<CouponStatus, 'success' | 'default'> = { active: 'success', expired: 'default' };

/** The coupon's status (from its dates) as a coloured chip. */
export function CouponStatusChip() {
  const coupon = useRecordContext<Coupon>();
  const translate = useTranslate();
  if (!coupon) return null;
  const status = couponStatusOf(coupon.status);
  return <Chip size="small" color={STATUS_COLORS[status]} label={translate(`resources.coupons.status.${status}`)} />;
}

/** "Percentage" or "Fixed Amount". */
export function CouponTypeChip() {
  const coupon = useRecordContext<Coupon>();
  const translate = useTranslate();
  if (!coupon) return null;
  const { discountType: type } = coupon;
  return (
    <Chip
      size="small"
      variant="outlined"
      color={type === 'percentage' ? 'primary' : 'secondary'}
      label={translate(`resources.coupons.discount_type.${type}`, { _: type })}
    />
  );
}
