import { Box, Typography } from '@mui/material';
import { useFormat } from '../format';
import { fill, useI18n } from '../i18n';
import type { Totals } from '../totals';

/**
 * Subtotal, the coupon's discount and the member's (each when there is one), tax, shipping (free for a level that
 * ships free) and the total, as the server priced them.
 */
export function CartTotals({ totals, couponCode }: { totals: Totals; couponCode?: string | null }) {
  const { m } = useI18n();
  const f = useFormat();
  const money = (n: number) => f.money(n, totals.currency);
  const member = totals.member;
  const level = member ? m.membership.levels[member.level] : '';
  const rows: [string, string, string?][] = [[m.cart.subtotal, money(totals.subtotal)]];
  if (totals.discount > 0)
    rows.push([
      couponCode ? fill(m.cart.discountCode, { code: couponCode }) : m.cart.discount,
      `−${money(totals.discount)}`,
    ]);
  if (totals.memberDiscount > 0) {
    const label = member
      ? fill(m.cart.memberDiscountLevel, { level, percent: f.percent(member.discount) })
      : m.cart.memberDiscount;
    rows.push([label, `−${money(totals.memberDiscount)}`, 'member-discount']);
  }
  rows.push([m.cart.tax, money(totals.tax)]);
  rows.push(
    member?.freeShipping
      ? [
          fill(m.cart.shippingMember, { level }),
          totals.shipping > 0 ? money(totals.shipping) : m.cart.free,
          'member-shipping',
        ]
      : [m.cart.shipping, money(totals.shipping)],
  );
  rows.push([m.cart.total, money(totals.total), 'cart-total']);
  // A <div> per dt/dd pair is valid in a <dl>; the last pair is the total.
  return (
    <Box component="dl" sx={{ m: 0, display: 'grid', gap: 0.75 }}>
      {rows.map(([label, value, testId], i) => {
        const total = i === rows.length - 1;
        return (
          <Box
            key={label}
            sx={[
              { display: 'flex', justifyContent: 'space-between', gap: 2 },
              total && { pt: 1, mt: 0.5, borderTop: 1, borderColor: 'divider', fontWeight: 700, fontSize: '1.1rem' },
            ]}
          >
            <Typography component="dt" color={total ? 'text.primary' : 'text.secondary'} sx={{ font: 'inherit' }}>
              {label}
            </Typography>
            <Typography component="dd" data-testid={testId} sx={{ m: 0, font: 'inherit', textAlign: 'right' }}>
              {value}
            </Typography>
          </Box>
        );
      })}
    </Box>
  );
}
