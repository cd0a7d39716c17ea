import type { ReactNode } from 'react';
import { Card, CardContent, Skeleton, Stack, Typography } from '@mui/material';

type StatCardProps = {
  label: ReactNode;
  value: ReactNode;
  icon?: ReactNode;
  loading?: boolean;
  /** MUI palette colour of the icon and value, e.g. "success.main". */
  color?: string;
};

/** One figure with its label: the building block of the dashboard, product and order summaries. */
export default function StatCard({ label, value, icon, loading, color }: StatCardProps) {
  return (
    <Card variant="outlined" sx={{ flex: '1 1 160px', minWidth: 150 }}>
      <CardContent sx={{ '&:last-child': { pb: 2 } }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', color: color ?? 'text.secondary' }}>
          {icon}
          <Typography variant="body2" color="text.secondary">
            {label}
          </Typography>
        </Stack>
        <Typography variant="h5" component="div" sx={{ mt: 1, color }}>
          {loading ? <Skeleton width={80} /> : value}
        </Typography>
      </CardContent>
    </Card>
  );
}
