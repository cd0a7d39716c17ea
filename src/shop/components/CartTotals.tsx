import { Box, Typography } from '@mui/material';
import { useFormat } from '../format';
import { fill, useI18n } from '../i18n';

export type Totals = { subtotal: number; discount: number; tax: number; shipping: number; total: number; currency: string };

/** Subtotal, discount (when there is one), tax, shipping and the total, as the server priced them. */
export function CartTotals({ totals, couponCode }: { totals: Totals; couponCode?: string | null }) {
  const { m } = useI18n();
  const f = useFormat();
  const money = (n: number) => f.money(n, totals.currency);
  const rows: [string, string][] = [[m.cart.subtotal, money(totals.subtotal)]];
  if (totals.discount > 0) rows.push([couponCode ? fill(m.cart.discountCode, { code: couponCode }) : m.cart.discount, `−${money(totals.discount)}`]);
  rows.push([m.cart.tax, money(totals.tax)], [m.cart.shipping, money(totals.shipping)], [m.cart.total, money(totals.total)]);
  // A <div> per dt/dd pair is valid in a <dl>; the last pair is the total.
  return (
    <Box component="dl" sx={{ m: 0, display: 'grid', gap: 0.75 }}>
      {rows.map(([label, value], i) => {
        const total = i === rows.length - 1;
        return (
          <Box
            key={label}
            sx={[{ display: 'flex', justifyContent: 'space-between', gap: 2 }, total && { pt: 1, mt: 0.5, borderTop: 1, borderColor: 'divider', fontWeight: 700, fontSize: '1.1rem' }]}
          >
            <Typography component="dt" color={total ? 'text.primary' : 'text.secondary'} sx={{ font: 'inherit' }}>
              {label}
            </Typography>
            <Typography component="dd" data-testid={total ? 'cart-total' : undefined} sx={{ m: 0, font: 'inherit', textAlign: 'right' }}>
              {value}
            </Typography>
          </Box>
        );
      })}
    </Box>
  );
}
