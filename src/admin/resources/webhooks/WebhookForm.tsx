import {
  BooleanInput,
  SelectArrayInput,
  SimpleForm,
  TextInput,
  maxLength,
  required,
  type SaveHandler,
} from 'react-admin';
import { WEBHOOK_DESCRIPTION_MAX, WEBHOOK_EVENTS } from '../../../common/webhooks';
import { ChangedMeanwhile } from '../../components/ChangedMeanwhile';

const eventChoices = WEBHOOK_EVENTS.map((id) => ({ id, name: id }));

export const webhookDefaults = { enabled: true, events: [] };

const help = (name: string) => `resources.webhooks.help.${name}`;

/**
 * An endpoint's fields, shared by create and edit. The server checks the URL (https, a public address) and answers a
 * 400 naming the field, which lands under the input.
 */
export default function WebhookForm({
  defaultValues,
  onSubmit,
}: {
  defaultValues?: Record<string, unknown>;
  onSubmit?: SaveHandler<Record<string, unknown>>;
}) {
  return (
    <SimpleForm defaultValues={defaultValues} warnWhenUnsavedChanges noValidate onSubmit={onSubmit}>
      <ChangedMeanwhile />
      <TextInput source="url" type="url" validate={required()} helperText={help('url')} fullWidth />
      <SelectArrayInput
        source="events"
        choices={eventChoices}
        translateChoice={false}
        validate={required()}
        helperText={help('events')}
        fullWidth
      />
      <TextInput source="description" multiline minRows={2} validate={maxLength(WEBHOOK_DESCRIPTION_MAX)} fullWidth />
      <BooleanInput source="enabled" />
    </SimpleForm>
  );
}
