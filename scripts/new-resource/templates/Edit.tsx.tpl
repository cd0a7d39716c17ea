import { Edit } from 'react-admin';
import {{OnePascal}}Form from './{{OnePascal}}Form';

export default function {{OnePascal}}Edit() {
  return (
    <Edit mutationMode="pessimistic" redirect="show">
      <{{OnePascal}}Form />
    </Edit>
  );
}
