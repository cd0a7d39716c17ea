import { Create } from 'react-admin';
import UserForm, { userDefaults } from './UserForm';

export default function UserCreate() {
  return (
    <Create redirect="show">
      <UserForm create defaultValues={userDefaults} />
    </Create>
  );
}
