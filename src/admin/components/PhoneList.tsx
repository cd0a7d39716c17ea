import { Box } from '@mui/material';
import { Fragment, type ReactNode } from 'react';
import { SimpleList, useTranslate, type RaRecord, type RowClickFunction } from 'react-admin';

/** What a list shows of each record on a phone: a primary line, a secondary line and a status (a chip) on the right. */
export type MobileLines<R extends RaRecord = RaRecord> = {
  primary(record: R): ReactNode;
  secondary?(record: R): ReactNode;
  status?(record: R): ReactNode;
  /**
   * The row's buttons, under its lines, for a list whose rows open no record page (`rowClick={false}`): what the
   * table's actions column offers stays in reach on a phone. A row that opens its record offers them on that page.
   */
  actions?(record: R): ReactNode;
};

/**
 * Joins the parts of a phone line with the language's separator (`app.list.separator`), leaving out the empty ones:
 * text stays text, and parts that are elements (a link, a chip) are kept as they are.
 */
export function useLine() {
  const translate = useTranslate();
  return (...parts: ReactNode[]): ReactNode => {
    const shown = parts.filter((p) => p !== null && p !== undefined && p !== false && p !== '');
    const separator = translate('app.list.separator');
    return shown.every((p) => typeof p === 'string' || typeof p === 'number')
      ? shown.join(separator)
      : shown.map((p, i) => (
          <Fragment key={i}>
            {i > 0 && separator}
            {p}
          </Fragment>
        ));
  };
}

/** A list's records as a simple list of two lines each, for screens too narrow for its table; a tap opens the record. */
export default function PhoneList<R extends RaRecord>({
  lines,
  rowClick,
  empty,
}: {
  lines: MobileLines<R>;
  rowClick: 'show' | false | RowClickFunction;
  empty: ReactNode;
}) {
  const { primary, secondary, status, actions } = lines;
  return (
    <SimpleList<R>
      primaryText={(record) => primary(record)}
      secondaryText={
        (secondary || actions) &&
        ((record) => (
          <>
            {secondary?.(record)}
            {actions && (
              <Box
                component="span"
                className="phone-actions"
                sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 0.5, '&:empty': { display: 'none' } }}
              >
                {actions(record)}
              </Box>
            )}
          </>
        ))
      }
      tertiaryText={status && ((record) => status(record))}
      rowClick={rowClick}
      empty={empty}
      className="phone-list"
      // The status chip keeps its full colour (react-admin dims the third text), and long lines wrap instead of widening the page.
      sx={{
        '& .RaSimpleList-tertiary': { opacity: 1, ml: 1 },
        '& .MuiListItemText-root': { minWidth: 0, overflowWrap: 'anywhere' },
      }}
    />
  );
}
