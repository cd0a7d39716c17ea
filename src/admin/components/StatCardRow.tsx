import type { ReactNode } from 'react';
import { Alert, Stack, useMediaQuery, type SxProps, type Theme } from '@mui/material';
import { useTranslate } from 'react-admin';

/**
 * A row of StatCards, wrapping (one scrolling row on a phone), or the screen's load-failure sentence
 * (`failedMessage`) with the error text in its place. A screen that says its failure elsewhere gives neither.
 * `sx` changes the row's margins where the screen spaces its parts itself (a Stack's spacing).
 */
export default function StatCardRow({
  error,
  failedMessage,
  sx,
  children,
}: {
  error?: Error | null;
  failedMessage?: string;
  sx?: SxProps<Theme>;
  children: ReactNode;
}) {
  const translate = useTranslate();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  if (error && failedMessage) {
    return (
      <Alert severity="error" sx={{ mb: 2 }}>
        {translate(failedMessage)}: {error.message}
      </Alert>
    );
  }
  // On a phone the cards stay one row that scrolls sideways, instead of a column of cards above the list; each card is
  // as wide as its figure ("$1,058,216.40"), which a card of the row's share would cut off. A row that scrolls takes
  // the keyboard's focus (its arrows scroll it), as WCAG 2.1.1 asks of a scrolling region.
  return (
    <Stack
      direction="row"
      className="stat-cards"
      {...(phone && { tabIndex: 0, role: 'region', 'aria-label': translate('app.list.figures') })}
      sx={[
        { flexWrap: { xs: 'nowrap', sm: 'wrap' }, overflowX: { xs: 'auto', sm: 'visible' }, gap: 2, mb: 2 },
        (theme) => ({ [theme.breakpoints.down('sm')]: { '& > .MuiCard-root': { flex: '0 0 auto' } } }),
        ...(Array.isArray(sx) ? sx : sx ? [sx] : []),
      ]}
    >
      {children}
    </Stack>
  );
}
