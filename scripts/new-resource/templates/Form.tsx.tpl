import { Create, maxLength, minValue, NumberInput, required, SelectInput, SimpleForm, TextInput } from 'react-admin';
import { {{CONST}}_STATUSES } from '../../../common/{{kebab}}';
import CreateHeading from '../../components/CreateHeading';
import Row from '../../components/FormRow';
import { RecordEdit } from '../../components/RecordPage';

const statusChoices = {{CONST}}_STATUSES.map((id) => ({ id, name: `resources.{{kebab}}.status.${id}` }));

/** The fields shared by create and edit; the server's field errors land on the matching input. */
function {{OnePascal}}Form({ defaultValues }: { defaultValues?: Record<string, unknown> }) {
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

export function {{OnePascal}}Create() {
  return (
    <Create redirect="show">
      <CreateHeading />
      <{{OnePascal}}Form defaultValues={ { status: 'active' } } />
    </Create>
  );
}

export function {{OnePascal}}Edit() {
  return (
    <RecordEdit mutationMode="pessimistic" redirect="show">
      <{{OnePascal}}Form />
    </RecordEdit>
  );
}
