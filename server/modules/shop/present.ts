import type { ShopOrder } from '../../../src/common/orders.js';
import type { mintJobs, orderItems, orders, payments } from '../../db/schema.js';
import { presentJob } from '../mint/present.js';
import { presentItem, presentOrder, presentPayment, presentPricing } from '../orders/present.js';

type Parts = {
  items: (typeof orderItems.$inferSelect)[];
  payment: typeof payments.$inferSelect | undefined;
  mints: (typeof mintJobs.$inferSelect)[];
};

/** A shopper's own order: what it is, what was paid, and each token mint with its transaction. */
export function presentShopOrder(order: typeof orders.$inferSelect, { items, payment, mints }: Parts): ShopOrder {
  return {
    ...presentOrder(order),
    ...presentPricing(order),
    items: items.map(presentItem),
    payment: payment ? presentPayment(payment) : null,
    mintJobs: mints.map((j) => presentJob(j)),
  };
}
