import { Alert } from '@mui/material';
import { useContext, type ReactNode } from 'react';
import {
  Edit,
  EditContext,
  Show,
  ShowContext,
  useNotify,
  useRedirect,
  useResourceContext,
  type EditProps,
  type ShowProps,
} from 'react-admin';
import { HeldRecord } from './ChangedMeanwhile';
import { recordQueryOptions } from './recordQuery';

/** The record query's options: `own` (e.g. a refresh interval) over the shared ones (recordQuery.ts). */
function useRecordQueryOptions<O extends object>(own: O | undefined) {
  const notify = useNotify();
  const redirect = useRedirect();
  const resource = useResourceContext();
  const gone = () => {
    notify('ra.notification.item_doesnt_exist', { type: 'error' });
    redirect('list', resource);
  };
  return { ...recordQueryOptions(gone), ...own };
}

/**
 * The page's content, and above it why the record could not be loaded. It stands both where react-admin puts the
 * record and where it puts the error, so a form keeps what was typed when a reload fails and once the server answers.
 */
function RecordState({ children }: { children: ReactNode }) {
  const show = useContext(ShowContext);
  const edit = useContext(EditContext);
  const { error, record } = show ?? edit ?? {};
  return (
    <>
      {error ? (
        <Alert severity="error" sx={{ m: 2 }}>
          {error.message}
        </Alert>
      ) : null}
      {error && !record ? null : children}
    </>
  );
}

/** react-admin's Show for every record page of the admin: see recordQuery.ts for what a failed load does. */
export function RecordShow({ queryOptions, children, ...props }: ShowProps) {
  const options = useRecordQueryOptions(queryOptions);
  return (
    <Show {...props} queryOptions={options} error={<RecordState>{children}</RecordState>}>
      <RecordState>{children}</RecordState>
    </Show>
  );
}

/** The form gets the record as it was opened, not each reload of it (ChangedMeanwhile.tsx). */
function HeldEditRecord({ children }: { children: ReactNode }) {
  const edit = useContext(EditContext);
  return <HeldRecord latest={edit?.record}>{children}</HeldRecord>;
}

/**
 * react-admin's Edit for every record page of the admin: what was typed stays through a failed reload, and through a
 * reload that brings someone else's change (its form's `<ChangedMeanwhile />` then warns).
 */
export function RecordEdit({ queryOptions, children, ...props }: EditProps) {
  const options = useRecordQueryOptions(queryOptions);
  const held = <HeldEditRecord>{children}</HeldEditRecord>;
  return (
    <Edit {...props} queryOptions={options} error={<RecordState>{held}</RecordState>}>
      <RecordState>{held}</RecordState>
    </Edit>
  );
}
