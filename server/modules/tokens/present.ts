import { RWA_TYPES } from '../../../src/common/products.js';
import { centsText } from '../../../src/common/money.js';
import type { DocumentKind, ProductDocument, TokenAttribute, TokenMetadata } from '../../../src/common/tokens.js';
import type { productDocuments, products } from '../../db/schema.js';
import { MIME_OF, type FileKind } from '../../lib/uploads.js';
import { DOCUMENTS_URL } from './documents.js';
import { redemptionInWords } from './redemption.js';

type DocumentRow = typeof productDocuments.$inferSelect;

export function presentDocument(d: DocumentRow): ProductDocument {
  return {
    id: d.id,
    productId: d.productId,
    kind: d.kind as DocumentKind,
    name: d.name,
    url: DOCUMENTS_URL + d.file,
    mimeType: MIME_OF[d.fileKind as FileKind],
    bytes: d.bytes,
    sha256: d.sha256,
    createdAt: d.createdAt.toISOString(),
    replacedAt: d.replacedAt?.toISOString() ?? null,
    replacedBy: d.replacedBy,
  };
}

/** What an asset type is called in the metadata (English: one public document for every wallet). */
const ASSET_TYPES: Record<(typeof RWA_TYPES)[number], string> = {
  commodity: 'Commodity',
  real_estate: 'Real estate',
  art: 'Art',
  collectibles: 'Collectibles',
  bonds: 'Bonds',
};

/** A link as an absolute URL: one of ours (/uploads/…) on the site's origin, an https link as it is. */
const absolute = (origin: string, link: string) => (link.startsWith('/') ? origin + link : link);

/**
 * A tokenised product's EIP-1155 metadata: what it is, its picture, its page in the shop, and in `properties` and
 * `attributes` the facts of the asset with its current documents. Nothing of price, stock or buyers.
 */
export function presentMetadata(
  p: typeof products.$inferSelect,
  documents: DocumentRow[],
  origin: string,
): TokenMetadata {
  const assetType = ASSET_TYPES[p.rwaType as keyof typeof ASSET_TYPES] ?? p.rwaType;
  const valuation =
    p.valuationCents !== null && p.valuationCurrency
      ? {
          amount: centsText(p.valuationCents),
          currency: p.valuationCurrency,
          ...(p.valuedOn ? { date: p.valuedOn } : {}),
        }
      : undefined;
  const redemption = redemptionInWords(p.redeemPolicy as Record<string, unknown> | null);
  const attributes: TokenAttribute[] = [
    { trait_type: 'Asset type', value: assetType },
    { trait_type: 'SKU', value: p.sku },
    ...(p.issuer ? [{ trait_type: 'Issuer', value: p.issuer }] : []),
    ...(p.custodian ? [{ trait_type: 'Custody', value: p.custodian }] : []),
    ...(valuation
      ? [{ trait_type: `Valuation (${valuation.currency})`, value: Number(valuation.amount), display_type: 'number' }]
      : []),
    ...(valuation?.date
      ? [
          {
            trait_type: 'Valuation date',
            value: Date.parse(`${valuation.date}T00:00:00Z`) / 1000,
            display_type: 'date',
          },
        ]
      : []),
    { trait_type: 'Redemption', value: redemption },
  ];
  return {
    name: p.title,
    description: p.description ?? '',
    ...(p.image ? { image: absolute(origin, p.image) } : {}),
    external_url: `${origin}/shop/products/${p.id}`,
    decimals: 0,
    properties: {
      asset_type: assetType,
      sku: p.sku,
      ...(p.issuer ? { issuer: p.issuer } : {}),
      ...(p.custodian ? { custody: p.custodian } : {}),
      ...(valuation ? { valuation } : {}),
      redemption,
      documents: documents.map((d) => ({
        kind: d.kind as DocumentKind,
        name: d.name,
        url: origin + DOCUMENTS_URL + d.file,
        sha256: d.sha256,
        mime_type: MIME_OF[d.fileKind as FileKind],
      })),
      token: { chain_id: p.chainId, contract: p.contract, token_id: p.tokenId!, standard: p.tokenType },
    },
    attributes,
  };
}
