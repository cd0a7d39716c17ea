/** The create-order form's values, and the body POST /api/orders(/mock) expects. */
export type CreateOrderValues = {
  userEmail?: string;
  productId?: string;
  qty?: unknown;
  couponCode?: string | null;
  walletAddress?: string | null;
};

/** Quantity as the server wants it: a whole number, falling back to 1 when not numeric. */
export function quantityOf(value: unknown): number {
  const n = typeof value === 'number' ? value : Number.parseInt(String(value ?? ''), 10);
  return Number.isFinite(n) ? Math.trunc(n) : 1;
}

const orNull = (text: string | null | undefined) => (text?.trim() ? text.trim() : null);

export function orderBody(values: CreateOrderValues) {
  return {
    userEmail: values.userEmail?.trim() ?? '',
    productId: values.productId ?? '',
    qty: quantityOf(values.qty),
    couponCode: orNull(values.couponCode),
    walletAddress: orNull(values.walletAddress),
  };
}
