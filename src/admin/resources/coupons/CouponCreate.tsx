import { Create } from 'react-admin';
import CreateHeading from '../../components/CreateHeading';
import CouponForm, { couponDefaults } from './CouponForm';

export default function CouponCreate() {
  return (
    <Create redirect="show">
      <CreateHeading />
      <CouponForm defaultValues={couponDefaults} />
    </Create>
  );
}
