import { Create } from 'react-admin';
import CreateHeading from '../../components/CreateHeading';
import {{OnePascal}}Form, { {{oneCamel}}Defaults } from './{{OnePascal}}Form';

export default function {{OnePascal}}Create() {
  return (
    <Create redirect="show">
      <CreateHeading />
      <{{OnePascal}}Form defaultValues={ {{oneCamel}}Defaults} />
    </Create>
  );
}
