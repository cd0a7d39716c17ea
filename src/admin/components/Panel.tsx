import { Card, CardContent, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';

/** An outlined card under its title (a catalogue key): the dashboard's panels (h6) and a detail page's sections (subtitle1). */
export default function Panel({
  title,
  variant = 'h6',
  children,
}: {
  title: string;
  variant?: 'h6' | 'subtitle1';
  children: ReactNode;
}) {
  const translate = useTranslate();
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant={variant} gutterBottom>
          {translate(title)}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}
