import type { FieldMessage } from './errors-catalogue.js';
import type { MemberLevelName } from './membership.js';

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
  /** The same as a message code and params (errors-catalogue.ts), for the shop to show in the reader's language. */
  errorMessage: FieldMessage | null;
};

export type CartPrice = {
  lines: PricedCartLine[];
  subtotal: number;
  /** The coupon's discount. */
  discount: number;
  /** The member's level discount, on the subtotal after the coupon: its own line (0 for a guest or a BRONZE member). */
  memberDiscount: number;
  tax: number;
  shipping: number;
  total: number;
  currency: string;
  /** The coupon asked for: whether it applies, and the sentence saying why or what it takes off. */
  coupon: { code: string; valid: boolean; message: string; said: FieldMessage | null; discount: number } | null;
  /** The logged-in buyer's membership as priced: level, its discount fraction and whether it ships free; null for a guest. */
  member: { level: MemberLevelName; discount: number; freeShipping: boolean } | null;
};
