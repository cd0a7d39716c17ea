import { DeleteWithConfirmButton, EditButton } from 'react-admin';
import useCan from '../../components/useCan';

/** Edit and delete (with its confirmation) for roles that may change the catalogue; nothing for the others. */
export function ProductWriteButtons() {
  const canWrite = useCan('catalog.write');
  if (!canWrite) return null;
  return (
    <>
      <EditButton />
      <DeleteWithConfirmButton
        mutationMode="pessimistic"
        confirmTitle="app.products.delete_title"
        confirmContent="app.products.delete_confirm"
      />
    </>
  );
}
