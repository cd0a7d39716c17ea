import { Stack } from '@mui/material';
import type { ReactNode } from 'react';
import Panel from './Panel';

/** A titled card of DetailFields side by side, on a record's page. */
export default function DetailSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Panel title={title} variant="subtitle1">
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 3 }}>
        {children}
      </Stack>
    </Panel>
  );
}
