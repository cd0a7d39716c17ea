/** The product domain as both sides see it: vocabulary and the API's product shape (request schemas: products.schemas.ts). */
import { enumReader } from './list.js';
import type { MemberLevelName } from './membership.js';

export const RWA_TYPES = ['commodity', 'real_estate', 'art', 'collectibles', 'bonds'] as const;
export const PRODUCT_STATUSES = ['active', 'inactive', 'draft'] as const;
export const TOKEN_TYPES = ['ERC1155', 'ERC721', 'ERC20'] as const;
export const PRODUCT_SORTS = [
  'title',
  'sku',
  'priceFiat',
  'priceCrypto',
  'stock',
  'status',
  'rwaType',
  'createdAt',
] as const;
export const DEFAULT_TOKEN_TYPE = 'ERC1155';
/** An uploaded product image: JPEG, PNG or WebP (told from the file's bytes), at most 5 MB. */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

/**
 * A product image's link: an https address, or a file of ours under /uploads/ (plain names only: a browser reads
 * `%2e%2e` as `..`, so an escape could point the image elsewhere). Any other scheme (javascript:, data:, http:) or a
 * path elsewhere would be rendered as is by the shop and the admin.
 */
export function isProductImageLink(link: string): boolean {
  if (link.startsWith('/uploads/'))
    return /^\/uploads(\/[A-Za-z0-9_-][A-Za-z0-9._-]*)+$/.test(link) && !link.includes('..');
  return /^https:\/\/[^\s]+$/i.test(link) && URL.canParse(link) && new URL(link).protocol === 'https:';
}

export type RwaType = (typeof RWA_TYPES)[number];

/** Asset types whose token, unless staff say otherwise, goes only to verified holders (KYC approved). */
export const VERIFIED_HOLDER_TYPES: readonly string[] = ['bonds', 'real_estate'];
/** A new product's "Requires verified holders" when the request does not say. */
export const requiresVerifiedHoldersByDefault = (rwaType: string): boolean => VERIFIED_HOLDER_TYPES.includes(rwaType);
export type ProductStatus = (typeof PRODUCT_STATUSES)[number];

/** Unknown statuses render as draft. */
export const productStatusOf = enumReader(PRODUCT_STATUSES, 'draft');

/** A product as the API answers it (server/modules/products/present.ts). */
export type Product = {
  id: string;
  title: string;
  name: string;
  sku: string;
  description: string | null;
  category: string | null;
  image: string | null;
  /** A small version of an uploaded image, for lists and cards; null when the image is a link or missing. */
  imageThumb: string | null;
  priceFiat: number;
  priceCrypto: string;
  rwaType: string;
  chainId: number;
  contract: string | null;
  tokenType: string;
  tokenId: string | null;
  redeemPolicy: Record<string, unknown> | null;
  stock: number;
  status: string;
  /** An exclusive product: only members of this level or above see it in the shop and may buy it; null: everyone. */
  minMemberLevel: MemberLevelName | null;
  /** Who issued the asset, who holds it in custody, and what it was last valued at (in a token's metadata). */
  issuer: string | null;
  custodian: string | null;
  valuationFiat: number | null;
  valuationCurrency: string | null;
  /** The valuation's day, YYYY-MM-DD. */
  valuedOn: string | null;
  /** Its token goes only to wallets on the contract's verified-holder allowlist. */
  requiresVerifiedHolders: boolean;
  createdAt: string;
  updatedAt: string;
};

export type ProductStats = { total: number; active: number; inactive: number; draft: number; totalValue: number };
