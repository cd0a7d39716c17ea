import { Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useFormat } from '../hooks/useFormat';

/** Net revenue with its parts under it ("Gross … − refunds …"), for a stat card's value. */
export default function RevenueValue({ net, gross, refunds }: { net: number; gross: number; refunds: number }) {
  const translate = useTranslate();
  const { money } = useFormat();
  return (
    <>
      {money(net)}
      <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
        {translate('app.revenue_parts', { gross: money(gross), refunds: money(refunds) })}
      </Typography>
    </>
  );
}
