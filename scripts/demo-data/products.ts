/** The catalogue (scripts/demo-products.ts) with its prices, stock and tokens. */
import { faker } from '@faker-js/faker';
import { DEMO_PRODUCTS } from '../demo-products.js';
import { requiresVerifiedHoldersByDefault } from '../../src/common/products.js';
import { DEV_CHAIN_ID } from '../../server/chain/edr-provider.js';
import { FROM, DAY, onDevChain, iso, fiat } from './context.js';

export const priceCents = new Map<string, number>();
export const products = DEMO_PRODUCTS.map((p, i) => {
  const id = faker.string.uuid();
  priceCents.set(id, p.priceCents);
  return {
    id,
    title: p.title,
    sku: p.sku,
    description: p.description,
    category: p.category,
    priceFiat: fiat(p.priceCents),
    // ETH at a notional 3,200 USD, 8 decimals, in integer arithmetic.
    priceCrypto: (Number((BigInt(p.priceCents) * 100_000_000n) / 320_000n) / 1e8).toFixed(8),
    rwaType: p.rwaType,
    // Bonds and real estate go only to verified holders, as a product created with the type's default would.
    requiresVerifiedHolders: requiresVerifiedHoldersByDefault(p.rwaType),
    chainId: DEV_CHAIN_ID,
    ...(p.tokenised ? { contract: onDevChain(faker.finance.ethereumAddress()), tokenId: String(i + 1) } : {}),
    tokenType: 'ERC1155',
    redeemPolicy: p.redeemPolicy,
    stock: p.stock,
    status: p.status,
    createdAt: iso(FROM - (60 - i * 2) * DAY),
  };
});
export const sellable = products.filter((p) => p.status !== 'draft');
