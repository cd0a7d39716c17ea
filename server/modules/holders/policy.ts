/**
 * Who sees a product's holders: staff who read products (a holder's account and KYC state are not public). Who freezes
 * a wallet for a product's token, or redeems (burns) a holder's tokens: staff who edit products, as they set its
 * "Requires verified holders" (admin, operator). A redemption above the manual mint threshold, or of their own wallet's
 * tokens, waits for a second member of staff in the Mint Queue, as a manual mint does.
 */
import { resourceAccess } from '../../lib/access.js';
import { say, type Said } from '../../lib/errors.js';

const products = resourceAccess('products');
export const holdersAccess = { read: products.read, freeze: products.write, canFreeze: products.canWrite };

/** Why a freeze (`on`) or an unfreeze of `wallet` is refused for this product, or null. */
export function freezeRefusal(
  product: { title: string; tokenId: string | null },
  frozen: boolean,
  on: boolean,
  wallet: string,
): { said: Said; code: string } | null {
  if (product.tokenId === null)
    return { said: say('freeze_product_not_tokenised', { title: product.title }), code: 'not_tokenised' };
  if (on && frozen) return { said: say('freeze_already_frozen', { wallet }), code: 'already_frozen' };
  if (!on && !frozen) return { said: say('freeze_not_frozen', { wallet }), code: 'not_frozen' };
  return null;
}

/**
 * Why burning `amount` of the wallet's tokens is refused, or null: only a tokenised product's, not a frozen wallet's
 * (the contract refuses it), and not more than the wallet holds as indexed less what is already on its way to a burn.
 */
export function redeemRefusal(
  product: { title: string; tokenId: string | null },
  hold: { wallet: string; frozen: boolean; balance: bigint; pending: bigint },
  amount: bigint,
): { said: Said; code: string } | null {
  const { wallet } = hold;
  if (product.tokenId === null)
    return { said: say('redeem_product_not_tokenised', { title: product.title }), code: 'not_tokenised' };
  if (hold.frozen) return { said: say('redeem_wallet_frozen', { wallet }), code: 'frozen' };
  if (amount > hold.balance - hold.pending) {
    const [balance, pending] = [hold.balance.toString(), hold.pending.toString()];
    return {
      said: say('redeem_over_balance', { wallet, balance, pending, amount: amount.toString() }),
      code: 'over_balance',
    };
  }
  return null;
}

/** The most holders one answer lists (largest balances first). */
export const HOLDERS_SHOWN = 500;

/** What is left in circulation: minted less burned (decimal strings of uint256 sums). */
export const inCirculation = (minted: string, burned: string) => (BigInt(minted) - BigInt(burned)).toString();
