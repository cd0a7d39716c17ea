import type { ReactNode } from 'react';
import { Alert, Stack } from '@mui/material';
import { useTranslate } from 'react-admin';

/** A row of StatCards, wrapping (one scrolling row on a phone), or the screen's load-failure sentence with the error text in its place. */
export default function StatCardRow({ error, failedMessage, children }: { error: Error | null; failedMessage: string; children: ReactNode }) {
  const translate = useTranslate();
  if (error) {
    return (
      <Alert severity="error" sx={{ mb: 2 }}>
        {translate(failedMessage)}: {error.message}
      </Alert>
    );
  }
  // On a phone the cards stay one row that scrolls sideways, instead of a column of cards above the list.
  return (
    <Stack direction="row" sx={{ flexWrap: { xs: 'nowrap', sm: 'wrap' }, overflowX: { xs: 'auto', sm: 'visible' }, gap: 2, mb: 2, '& > *': { flexShrink: { xs: 0, sm: 1 } } }}>
      {children}
    </Stack>
  );
}
