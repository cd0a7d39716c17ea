import {
  FormDataConsumer,
  PasswordInput,
  RadioButtonGroupInput,
  required,
  SelectInput,
  SimpleForm,
  TextInput,
  useTranslate,
  type SaveHandler,
} from 'react-admin';
import { Typography } from '@mui/material';
import { ROLES } from '../../../common/capabilities';
import { KYC_STATUSES, MIN_PASSWORD_LENGTH, PASSWORD_SETUPS, USER_STATUSES } from '../../../common/users';
import Row from '../../components/FormRow';
import { ChangedMeanwhile } from '../../components/ChangedMeanwhile';

const choices = (values: readonly string[], group: string) =>
  values.map((id) => ({ id, name: `resources.users.${group}.${id}` }));
const longEnough = (value: unknown) =>
  typeof value === 'string' && value.length < MIN_PASSWORD_LENGTH
    ? `Password must be at least ${MIN_PASSWORD_LENGTH} characters.`
    : undefined;

export const userDefaults = { role: 'user', status: 'active', kycStatus: 'pending', passwordSetup: 'password' };

/**
 * A user's fields for create (an initial password, or a one-time set-password link emailed to them) and edit; the
 * server's sentences land under each input.
 */
export default function UserForm({
  create = false,
  defaultValues,
  onSubmit,
}: {
  create?: boolean;
  defaultValues?: Record<string, unknown>;
  onSubmit?: SaveHandler<Record<string, unknown>>;
}) {
  const translate = useTranslate();
  return (
    <SimpleForm defaultValues={defaultValues} warnWhenUnsavedChanges noValidate onSubmit={onSubmit}>
      <ChangedMeanwhile />
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
        <SelectInput source="kycStatus" choices={choices(KYC_STATUSES, 'kycStatus')} validate={required()} />
      </Row>
      {create && (
        <RadioButtonGroupInput source="passwordSetup" choices={choices(PASSWORD_SETUPS, 'setup')} helperText={false} />
      )}
      {create && (
        <FormDataConsumer>
          {({ formData }) =>
            formData.passwordSetup === 'link' ? (
              <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
                {translate('resources.users.help.link')}
              </Typography>
            ) : (
              <PasswordInput
                source="password"
                validate={[required(), longEnough]}
                helperText="resources.users.help.password"
              />
            )
          }
        </FormDataConsumer>
      )}
    </SimpleForm>
  );
}
