import { RecordEdit } from '../../components/RecordPage';
import CouponForm from './CouponForm';

export default function CouponEdit() {
  return (
    <RecordEdit mutationMode="pessimistic" redirect="show">
      <CouponForm />
    </RecordEdit>
  );
}
