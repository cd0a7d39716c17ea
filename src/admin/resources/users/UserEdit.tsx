import { RecordEdit } from '../../components/RecordPage';
import UserForm from './UserForm';

/** Only the changed fields are sent, so an edit never touches what it did not show. */
export default function UserEdit() {
  return (
    <RecordEdit
      mutationMode="pessimistic"
      redirect="show"
      transform={(data, options) => diff(data, options?.previousData)}
    >
      <UserForm />
    </RecordEdit>
  );
}

const EDITABLE = ['email', 'name', 'firstName', 'lastName', 'phone', 'role', 'status', 'kycStatus'] as const;

function diff(data: Record<string, unknown>, before: Record<string, unknown> | undefined) {
  return Object.fromEntries(
    EDITABLE.filter((k) => data[k] !== before?.[k]).map((k) => [k, data[k] === '' ? null : data[k]]),
  );
}
