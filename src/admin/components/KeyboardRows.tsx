import type { KeyboardEvent } from 'react';
import {
  DataTableBody,
  DataTableRow,
  useDataTableCallbacksContext,
  type DataTableBodyProps,
  type DataTableRowProps,
} from 'react-admin';

/** A row that opens on a click also takes the keyboard's focus (Tab) and opens on Enter, as if clicked. */
function KeyboardRow(props: DataTableRowProps) {
  const { rowClick } = useDataTableCallbacksContext();
  if (!rowClick) return <DataTableRow {...props} />;
  const onKeyDown = (event: KeyboardEvent<HTMLTableRowElement>) => {
    // Only the row itself: Enter on a button or link inside it does that control's own work.
    if (event.key === 'Enter' && event.target === event.currentTarget) event.currentTarget.click();
  };
  return <DataTableRow {...props} tabIndex={0} onKeyDown={onKeyDown} />;
}

/** The DataTable body whose clickable rows are keyboard-openable (`<DataTable body={KeyboardRowsBody}>`). */
export function KeyboardRowsBody(props: DataTableBodyProps) {
  return <DataTableBody {...props} row={KeyboardRow} />;
}
