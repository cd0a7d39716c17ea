/** The orders screens' own settings; the order vocabulary and API types live in src/common/orders.ts. */
export const ORDERS_PER_PAGE = 20;
