/**
 * A tokenised product as wallets and marketplaces read it: its EIP-1155 metadata (GET /api/tokens/{id}) and its
 * documents (request schemas and answers: tokens.schemas.ts).
 */

/** What a product document is; the metadata names each document by it. */
export const DOCUMENT_KINDS = ['appraisal', 'custody_certificate', 'title', 'prospectus', 'other'] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

/** A product document: a PDF or a JPEG, PNG or WebP image (told from its bytes), at most 5 MB, as a KYC document. */
export const MAX_PRODUCT_DOCUMENT_BYTES = 5 * 1024 * 1024;
/** The multipart field of the file. */
export const DOCUMENT_FIELD = 'document';

/** The largest token id: 2^256 − 1. */
const MAX_TOKEN_ID = (1n << 256n) - 1n;

/**
 * A token id in the path as EIP-1155 clients substitute it for `{id}` (64 hex digits, lowercase, zero-padded, no 0x),
 * or in decimal, either optionally ending in `.json` (a base URI may end so); as decimal text, or null when it is
 * neither. Exactly 64 characters always read as hex (the standard's form), so a 64-digit decimal number is not taken
 * for itself.
 */
export function tokenIdFromPath(path: string): string | null {
  const value = path.endsWith('.json') ? path.slice(0, -'.json'.length) : path;
  if (value.length === 64) return /^[0-9a-fA-F]{64}$/.test(value) ? BigInt(`0x${value}`).toString() : null;
  if (!/^\d{1,78}$/.test(value)) return null;
  const n = BigInt(value);
  return n <= MAX_TOKEN_ID ? n.toString() : null;
}

/** The contract's base URI at a site: EIP-1155 clients put the token's `{id}` form in place of `{id}`. */
export const baseTokenUri = (origin: string) => `${origin}/api/tokens/{id}`;
/** The collection's metadata (the contract's contractURI()) and its image. */
export const COLLECTION_PATH = '/api/tokens/collection';
export const COLLECTION_IMAGE_PATH = '/api/tokens/collection.svg';

/** The `{id}` form of a token id: 64 lowercase hex digits, zero-padded. */
export const tokenIdHex = (decimal: string) => BigInt(decimal).toString(16).padStart(64, '0');

/** A product document as the API answers it. */
export type ProductDocument = {
  id: string;
  productId: string;
  kind: DocumentKind;
  name: string;
  /** Where anyone reads it: the site's path under /uploads/documents/. */
  url: string;
  mimeType: string;
  bytes: number;
  sha256: string;
  createdAt: string;
  /** When a newer document took its place, and which; null for a current one. */
  replacedAt: string | null;
  replacedBy: string | null;
};

/** One trait as OpenSea shows it. */
export type TokenAttribute = { trait_type: string; value: string | number; display_type?: string };

/** A document in the metadata: its name, its absolute URL and the sha256 of its bytes, to verify a copy. */
export type TokenDocument = { kind: DocumentKind; name: string; url: string; sha256: string; mime_type: string };

/** The EIP-1155 metadata JSON of a tokenised product (and OpenSea's `external_url` and `attributes`). */
export type TokenMetadata = {
  name: string;
  description: string;
  image?: string;
  external_url: string;
  decimals: number;
  properties: {
    asset_type: string;
    sku: string;
    issuer?: string;
    custody?: string;
    valuation?: { amount: string; currency: string; date?: string };
    redemption: string;
    documents: TokenDocument[];
    token: { chain_id: number; contract: string | null; token_id: string; standard: string };
  };
  attributes: TokenAttribute[];
};

/** The collection's metadata at the contract's contractURI() (OpenSea's contract-level metadata). */
export type CollectionMetadata = {
  name: string;
  description: string;
  image: string;
  external_link: string;
  properties: { chain_id: number; contract: string | null; token_uri: string; standard: string };
};
