import { DeleteWithConfirmButton, EditButton } from 'react-admin';
import useCan from '../../components/useCan';

/** Edit and delete (with its confirmation) for roles that may change the catalogue; nothing for the others. */
export function ProductWriteButtons() {
  const canWrite = useCan('products', 'edit');
  if (!canWrite) return null;
  return (
    <>
      <EditButton />
      <DeleteWithConfirmButton
        mutationMode="pessimistic"
        confirmTitle="resources.products.delete_title"
        confirmContent="resources.products.delete_confirm"
      />
    </>
  );
}
