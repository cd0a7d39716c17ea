/** Who sees a product's holders: staff who read products (a holder's account and KYC state are not public). */
import { resourceAccess } from '../../lib/access.js';

export const holdersAccess = { read: resourceAccess('products').read };

/** The most holders one answer lists (largest balances first). */
export const HOLDERS_SHOWN = 500;

/** What is left in circulation: minted less burned (decimal strings of uint256 sums). */
export const inCirculation = (minted: string, burned: string) => (BigInt(minted) - BigInt(burned)).toString();
