/**
 * Coupons: active, expired and used up; the used ones on paid orders inside their dates (discount as checkout prices it).
 */
import { faker } from '@faker-js/faker';
import { mulDivHalfEven } from '../../server/modules/cart/pricing.js';
import { FROM, TO, DAY, iso, fiat } from './context.js';
import { sales, admin, isPaid, amountOf } from './orders.js';

type CouponPlan = {
  code: string;
  description: string;
  discountType: 'percentage' | 'fixed';
  value: number;
  from: number;
  to: number;
  uses: number;
  usageLimit?: number;
  perCustomerLimit?: number;
  minimumCents?: number;
};
const COUPONS: CouponPlan[] = [
  {
    code: 'WELCOME10',
    description: '10 % off a first order',
    discountType: 'percentage',
    value: 10_00,
    from: FROM - 30 * DAY,
    to: TO + 180 * DAY,
    uses: 8,
    perCustomerLimit: 1,
  },
  {
    code: 'HOLIDAY20',
    description: 'Holiday sale: 20 % off',
    discountType: 'percentage',
    value: 20_00,
    from: FROM,
    to: FROM + 40 * DAY,
    uses: 4,
  },
  {
    code: 'SPRING25',
    description: '25.00 off orders of 200.00 or more',
    discountType: 'fixed',
    value: 25_00,
    minimumCents: 200_00,
    from: FROM + 100 * DAY,
    to: FROM + 190 * DAY,
    uses: 6,
  },
  {
    code: 'VIP15',
    description: '15 % off the first five orders',
    discountType: 'percentage',
    value: 15_00,
    usageLimit: 5,
    from: FROM + 220 * DAY,
    to: TO + 90 * DAY,
    uses: 5,
  },
  {
    code: 'GOLD50',
    description: '50.00 off orders of 1,000.00 or more',
    discountType: 'fixed',
    value: 50_00,
    minimumCents: 1_000_00,
    usageLimit: 100,
    perCustomerLimit: 2,
    from: TO - 7 * DAY,
    to: TO + 60 * DAY,
    uses: 0,
  },
];
export const coupons = COUPONS.map((c) => {
  const fits = sales.filter(
    (s) =>
      isPaid(s) &&
      !s.order.couponCode &&
      s.created >= c.from &&
      s.created <= c.to &&
      s.subtotal >= (c.minimumCents ?? 0),
  );
  const eligible = c.perCustomerLimit
    ? fits.filter((s, i) => fits.findIndex((f) => f.customerId === s.customerId) === i)
    : fits;
  const used = faker.helpers.arrayElements(eligible, c.uses);
  if (used.length < c.uses) throw new Error(`${c.code}: only ${used.length} orders can use it`);
  for (const sale of used) {
    sale.discount =
      c.discountType === 'percentage'
        ? mulDivHalfEven(sale.subtotal, c.value, 100_00)
        : Math.min(c.value, sale.subtotal);
    Object.assign(sale.order, {
      couponCode: c.code,
      discountFiat: fiat(sale.discount),
      amountFiat: fiat(amountOf(sale)),
    });
    Object.assign(sale.payment!, { amountFiat: fiat(amountOf(sale)) });
  }
  return {
    id: faker.string.uuid(),
    code: c.code,
    description: c.description,
    discountType: c.discountType,
    discountValue: fiat(c.value),
    ...(c.usageLimit ? { usageLimit: c.usageLimit } : {}),
    ...(c.perCustomerLimit ? { perCustomerLimit: c.perCustomerLimit } : {}),
    ...(c.minimumCents ? { minimumSubtotalFiat: fiat(c.minimumCents) } : {}),
    startDate: iso(c.from),
    endDate: iso(c.to),
    usedCount: used.length,
    createdBy: admin.id,
    createdAt: iso(c.from - 3 * DAY),
  };
});
