/** Where the two apps of the shop bundle live, and the checkout's addresses the payment provider sends the buyer to. */
export const SHOP_BASENAME = '/shop';
export const PAY_BASENAME = '/pay';
export const CHECKOUT_RETURN = `${SHOP_BASENAME}/checkout/complete`;
export const CHECKOUT_CANCEL = `${SHOP_BASENAME}/cart`;
