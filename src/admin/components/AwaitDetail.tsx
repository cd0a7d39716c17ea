import { Box, Skeleton } from '@mui/material';
import type { ReactNode } from 'react';

/**
 * The one-record answer, or null while the record is still the list's summary: react-admin first renders a record
 * page with the record its list holds, then with `getOne`'s, and `key` is a field only the latter carries.
 */
export const detailOf = <S extends object, D extends S>(record: S, key: Exclude<keyof D, keyof S>): D | null =>
  key in record ? (record as D) : null;

/** A part of a record page that only the one-record answer can fill: placeholder lines until `detail` is there. */
export default function AwaitDetail<D>({
  detail,
  lines = 2,
  children,
}: {
  detail: D | null;
  lines?: number;
  children: (detail: D) => ReactNode;
}) {
  if (detail !== null) return <>{children(detail)}</>;
  return (
    <Box aria-busy="true" data-testid="detail-pending">
      {Array.from({ length: lines }, (_, i) => (
        <Skeleton key={i} variant="text" />
      ))}
    </Box>
  );
}
