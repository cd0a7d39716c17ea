import { maxLength, minValue, NumberInput, required, SelectInput, SimpleForm, TextInput } from 'react-admin';
import { {{CONST}}_STATUSES } from '../../../common/{{kebab}}';
import Row from '../../components/FormRow';

const statusChoices = {{CONST}}_STATUSES.map((id) => ({ id, name: `resources.{{kebab}}.status.${id}` }));

export const {{oneCamel}}Defaults = { status: 'active' };

/** The fields shared by create and edit; the server's field errors land on the matching input. */
export default function {{OnePascal}}Form({ defaultValues }: { defaultValues?: Record<string, unknown> }) {
  return (
    <SimpleForm defaultValues={defaultValues} warnWhenUnsavedChanges noValidate>
      <TextInput source="name" validate={[required(), maxLength(200)]} />
      <Row>
        <NumberInput source="price" step={0.01} min={0} validate={[required(), minValue(0)]} />
        <SelectInput source="status" choices={statusChoices} validate={required()} />
      </Row>
    </SimpleForm>
  );
}
