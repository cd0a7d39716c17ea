import { Box } from '@mui/material';
import type { ReactNode } from 'react';

/** Monospace text for ids, addresses and hashes. */
export const MONO = { fontFamily: 'monospace' } as const;

/** A shortened id, address or hash in monospace; `title` holds the whole value for hover and copy. */
export default function Mono({ title, children }: { title?: string; children: ReactNode }) {
  return (
    <Box component="span" sx={MONO} title={title}>
      {children}
    </Box>
  );
}
