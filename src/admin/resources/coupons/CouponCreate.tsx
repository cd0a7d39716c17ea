import { Create } from 'react-admin';
import CouponForm, { couponDefaults } from './CouponForm';

export default function CouponCreate() {
  return (
    <Create redirect="show">
      <CouponForm defaultValues={couponDefaults} />
    </Create>
  );
}
