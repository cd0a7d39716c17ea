import { PasswordInput, required, SelectInput, SimpleForm, TextInput } from 'react-admin';
import { ROLES } from '../../../common/capabilities';
import { KYC_STATUSES, MIN_PASSWORD_LENGTH, USER_STATUSES } from '../../../common/users';
import Row from '../../components/FormRow';

const choices = (values: readonly string[], group: string) => values.map((id) => ({ id, name: `resources.users.${group}.${id}` }));
const longEnough = (value: unknown) =>
  typeof value === 'string' && value.length < MIN_PASSWORD_LENGTH ? `Password must be at least ${MIN_PASSWORD_LENGTH} characters.` : undefined;

export const userDefaults = { role: 'user', status: 'active', kycStatus: 'pending' };

/** A user's fields for create (with the initial password) and edit; the server's sentences land under each input. */
export default function UserForm({ create = false, defaultValues }: { create?: boolean; defaultValues?: Record<string, unknown> }) {
  return (
    <SimpleForm defaultValues={defaultValues} warnWhenUnsavedChanges noValidate>
      <Row>
        <TextInput source="email" type="email" validate={required()} />
        <TextInput source="name" />
      </Row>
      <Row>
        <TextInput source="firstName" />
        <TextInput source="lastName" />
        <TextInput source="phone" />
      </Row>
      <Row>
        <SelectInput source="role" choices={choices(ROLES, 'role')} validate={required()} />
        <SelectInput source="status" choices={choices(USER_STATUSES, 'status')} validate={required()} />
        <SelectInput source="kycStatus" choices={choices(KYC_STATUSES, 'kyc')} validate={required()} />
      </Row>
      {create && <PasswordInput source="password" validate={[required(), longEnough]} helperText="resources.users.help.password" />}
    </SimpleForm>
  );
}
