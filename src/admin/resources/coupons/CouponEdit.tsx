import { Edit } from 'react-admin';
import CouponForm from './CouponForm';

export default function CouponEdit() {
  return (
    <Edit mutationMode="pessimistic" redirect="show">
      <CouponForm />
    </Edit>
  );
}
