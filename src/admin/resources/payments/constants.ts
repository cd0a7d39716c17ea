/** The payments screens' own settings; the payment vocabulary and API types live in src/common/payments.ts. */
export const PAYMENTS_PER_PAGE = 50;
