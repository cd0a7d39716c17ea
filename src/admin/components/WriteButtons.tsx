import { Box } from '@mui/material';
import { DataTable, DeleteWithConfirmButton, EditButton, ShowButton, useCanAccess } from 'react-admin';
import type { ResourceName } from '../../common/resources';

/**
 * Edit and delete (after `resources.<name>.delete_confirm`) for roles that may change the resource; nothing for the others.
 * Pessimistic, so a refused delete (409) leaves the row and notifies the server's sentence.
 */
export function WriteButtons({ resource }: { resource: ResourceName }) {
  const { canAccess: canWrite = false } = useCanAccess({ resource: resource, action: 'edit' });
  if (!canWrite) return null;
  return (
    <>
      <EditButton />
      <DeleteWithConfirmButton
        mutationMode="pessimistic"
        confirmTitle={`resources.${resource}.delete_title`}
        confirmContent={`resources.${resource}.delete_confirm`}
      />
    </>
  );
}

/** A list's last column (`resources.<name>.actions`): Show, then Edit and Delete for writers. */
export function RowActions({ resource }: { resource: ResourceName }) {
  return (
    <DataTable.Col label={`resources.${resource}.actions`} disableSort>
      <Box sx={{ display: 'flex', whiteSpace: 'nowrap' }}>
        <ShowButton />
        <WriteButtons resource={resource} />
      </Box>
    </DataTable.Col>
  );
}
