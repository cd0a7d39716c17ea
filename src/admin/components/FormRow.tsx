import { Box } from '@mui/material';
import type { ReactNode } from 'react';

/** Inputs side by side in a form, wrapping onto more lines on narrow screens. */
export default function FormRow({ children }: { children: ReactNode }) {
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 2, width: '100%', '& > *': { flex: '1 1 220px' } }}>
      {children}
    </Box>
  );
}
