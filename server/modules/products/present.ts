import type { Product } from '../../../src/common/products.js';
import { memberLevelOf } from '../../../src/common/membership.js';
import { cryptoText, fromCents } from '../../../src/common/money.js';
import type { products } from '../../db/schema.js';
import { csvColumns, csvExport } from '../../lib/csv.js';

/** A product row as the API answers it (`name` repeats the title). */
export function presentProduct(p: typeof products.$inferSelect): Product {
  return {
    id: p.id,
    title: p.title,
    name: p.title,
    sku: p.sku,
    description: p.description,
    category: p.category,
    image: p.image,
    imageThumb: p.imageThumb,
    priceFiat: fromCents(p.priceFiatCents),
    priceCrypto: cryptoText(p.priceCrypto),
    rwaType: p.rwaType,
    chainId: p.chainId,
    contract: p.contract,
    tokenType: p.tokenType,
    tokenId: p.tokenId,
    redeemPolicy: p.redeemPolicy as Product['redeemPolicy'],
    stock: p.stock,
    status: p.status,
    minMemberLevel: p.minMemberLevel ? memberLevelOf(p.minMemberLevel) : null,
    issuer: p.issuer,
    custodian: p.custodian,
    valuationFiat: p.valuationCents === null ? null : fromCents(p.valuationCents),
    valuationCurrency: p.valuationCurrency,
    valuedOn: p.valuedOn,
    requiresVerifiedHolders: p.requiresVerifiedHolders,
    createdAt: p.createdAt.toISOString(),
    updatedAt: p.updatedAt.toISOString(),
  };
}

/** The products list's CSV (GET /api/products/export.csv): its columns, named as the JSON list's fields. */
export const productCsv = csvExport(
  'products',
  csvColumns<Product>({
    id: 'text',
    sku: 'text',
    title: 'text',
    category: 'text',
    description: 'text',
    status: 'text',
    rwaType: 'text',
    priceFiat: 'money',
    priceCrypto: 'decimal',
    stock: 'number',
    chainId: 'number',
    contract: 'text',
    tokenType: 'text',
    tokenId: 'text',
    minMemberLevel: 'text',
    issuer: 'text',
    custodian: 'text',
    valuationFiat: 'money',
    valuationCurrency: 'text',
    valuedOn: 'text',
    requiresVerifiedHolders: 'bool',
    image: 'text',
    createdAt: 'date',
    updatedAt: 'date',
  }),
);
