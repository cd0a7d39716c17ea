import type { ReactNode } from 'react';
import { SimpleList, type RaRecord } from 'react-admin';

/** What a list shows of each record on a phone: a primary line, a secondary line and a status (a chip) on the right. */
export type MobileLines<R extends RaRecord = RaRecord> = {
  primary(record: R): ReactNode;
  secondary?(record: R): ReactNode;
  status?(record: R): ReactNode;
};

/** A list's records as a simple list of two lines each, for screens too narrow for its table; a tap opens the record. */
export default function PhoneList<R extends RaRecord>({ lines, rowClick, empty }: { lines: MobileLines<R>; rowClick: 'show' | false; empty: ReactNode }) {
  const { primary, secondary, status } = lines;
  return (
    <SimpleList<R>
      primaryText={(record) => primary(record)}
      secondaryText={secondary && ((record) => secondary(record))}
      tertiaryText={status && ((record) => status(record))}
      rowClick={rowClick}
      empty={empty}
      className="phone-list"
      // The status chip keeps its full colour (react-admin dims the third text), and long lines wrap instead of widening the page.
      sx={{ '& .RaSimpleList-tertiary': { opacity: 1, ml: 1 }, '& .MuiListItemText-root': { minWidth: 0, overflowWrap: 'anywhere' } }}
    />
  );
}
