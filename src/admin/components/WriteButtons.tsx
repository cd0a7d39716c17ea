import { Box, Tooltip } from '@mui/material';
import type { ReactElement } from 'react';
import { DataTable, DeleteWithConfirmButton, EditButton, ShowButton, useCanAccess, useTranslate } from 'react-admin';
import type { ResourceName } from '../../common/resources';

type IconOnly = { label?: string; 'aria-label'?: string; sx?: object };
type ButtonOf = (props: IconOnly) => ReactElement;

const ICON_ONLY = { minWidth: 0, px: 0.75, '& .MuiButton-startIcon': { m: 0 } };

/**
 * A react-admin button as its icon alone, its name in a tooltip and as its accessible name: a table's row has no room
 * for the words (they cut the Products list off at 1440 px).
 */
function Compact({ name, button }: { name: string; button: ButtonOf }) {
  const translate = useTranslate();
  const label = translate(name);
  return <Tooltip title={label}>{button({ label: '', 'aria-label': label, sx: ICON_ONLY })}</Tooltip>;
}

const shown = (name: string, button: ButtonOf, iconsOnly?: boolean) =>
  iconsOnly ? <Compact name={name} button={button} /> : button({});

/**
 * Edit and delete (after `resources.<name>.delete_confirm`) for roles that may change the resource; nothing for the others.
 * Pessimistic, so a refused delete (409) leaves the row and notifies the server's sentence.
 */
export function WriteButtons({ resource, iconsOnly }: { resource: ResourceName; iconsOnly?: boolean }) {
  const { canAccess: canWrite = false } = useCanAccess({ resource: resource, action: 'edit' });
  if (!canWrite) return null;
  return (
    <>
      {shown(
        'ra.action.edit',
        (props) => (
          <EditButton {...props} />
        ),
        iconsOnly,
      )}
      {shown(
        'ra.action.delete',
        (props) => (
          <DeleteWithConfirmButton
            mutationMode="pessimistic"
            confirmTitle={`resources.${resource}.delete_title`}
            confirmContent={`resources.${resource}.delete_confirm`}
            {...props}
          />
        ),
        iconsOnly,
      )}
    </>
  );
}

/** A list's last column (`resources.<name>.actions`): Show, then Edit and Delete for writers, as icons. */
export function RowActions({ resource }: { resource: ResourceName }) {
  return (
    <DataTable.Col label={`resources.${resource}.actions`} disableSort>
      <Box sx={{ display: 'flex', whiteSpace: 'nowrap' }}>
        {shown(
          'ra.action.show',
          (props) => (
            <ShowButton {...props} />
          ),
          true,
        )}
        <WriteButtons resource={resource} iconsOnly />
      </Box>
    </DataTable.Col>
  );
}
