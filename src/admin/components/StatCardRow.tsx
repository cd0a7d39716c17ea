import type { ReactNode } from 'react';
import { Alert, Stack } from '@mui/material';
import { useTranslate } from 'react-admin';

/** A wrapping row of StatCards, or the screen's load-failure sentence with the error text in its place. */
export default function StatCardRow({ error, failedMessage, children }: { error: Error | null; failedMessage: string; children: ReactNode }) {
  const translate = useTranslate();
  if (error) {
    return (
      <Alert severity="error" sx={{ mb: 2 }}>
        {translate(failedMessage)}: {error.message}
      </Alert>
    );
  }
  return <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 2, mb: 2 }}>{children}</Stack>;
}
