/** A priced cart as POST /api/cart/price answers it (money as numbers with 2 decimals). */
export type PricedCartLine = {
  productId: string;
  qty: number;
  title: string | null;
  unitPrice: number | null;
  lineTotal: number;
  tokenised: boolean;
  /** Why this line cannot be bought as asked (unknown, not for sale, not enough stock); it then counts for nothing. */
  error: string | null;
};

export type CartPrice = {
  lines: PricedCartLine[];
  subtotal: number;
  discount: number;
  tax: number;
  shipping: number;
  total: number;
  currency: string;
  /** The coupon asked for: whether it applies, and the sentence saying why or what it takes off. */
  coupon: { code: string; valid: boolean; message: string; discount: number } | null;
};
