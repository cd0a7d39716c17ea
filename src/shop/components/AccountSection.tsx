import { Paper, Typography } from '@mui/material';
import type { ReactNode } from 'react';

/** One titled section of the Account page (KYC, two-factor): a heading, a line saying what it is for, its body. */
export default function AccountSection({ id, title, intro, children }: { id: string; title: string; intro: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" component="section" aria-labelledby={`${id}-title`} sx={{ p: { xs: 2.5, sm: 3.5 }, mb: 4 }}>
      <Typography id={`${id}-title`} variant="h2" sx={{ mb: 0.5 }}>{title}</Typography>
      <Typography color="text.secondary" sx={{ mb: 2.5 }}>{intro}</Typography>
      {children}
    </Paper>
  );
}
