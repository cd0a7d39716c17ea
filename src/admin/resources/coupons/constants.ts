/** The coupons screens' own settings; the coupon vocabulary and API type live in src/common/coupons.ts. */
export const COUPONS_PER_PAGE = 50;
