/** What the token metadata and product document routes take and answer (vocabulary: tokens.ts). */
import { z } from 'zod';
import { answerText, instant, okWith } from './answers.schemas.js';
import { idParams } from './list.schemas.js';
import { text } from './text.js';
import {
  DOCUMENT_KINDS,
  tokenIdFromPath,
  type CollectionMetadata,
  type ProductDocument,
  type TokenAttribute,
  type TokenDocument,
  type TokenMetadata,
} from './tokens.js';

const TOKEN_ID_SENTENCE =
  'The token id must be 64 hex digits (the EIP-1155 {id} form, zero-padded, no 0x) or a decimal number below 2^256.';

export const tokenParams = z.object({
  id: text('The token id', { max: 78, tooLong: TOKEN_ID_SENTENCE })
    .refine((v) => tokenIdFromPath(v) !== null, TOKEN_ID_SENTENCE)
    .describe('The token id: 64 lowercase hex digits, zero-padded (EIP-1155 `{id}`), or decimal; `.json` may follow'),
});

/** The text fields of a document upload, beside its file. */
export const documentFields = z.object({
  kind: z.enum(DOCUMENT_KINDS, { error: `Kind must be one of ${DOCUMENT_KINDS.join(', ')}.` }),
  replaces: text('Replaces', { max: 36, tooLong: 'Replaces must be the id of a document of this product.' })
    .uuid('Replaces must be the id of a document of this product.')
    .optional()
    .describe('The id of the current document this one replaces; it stays in the history'),
});
export type DocumentFields = z.infer<typeof documentFields>;

export const documentParams = idParams;

export const productDocumentAnswer = z.object({
  id: answerText,
  productId: answerText,
  kind: z.enum(DOCUMENT_KINDS),
  name: answerText,
  url: answerText.describe('Where anyone reads it (a path of this site)'),
  mimeType: answerText,
  bytes: z.number().int(),
  sha256: answerText.describe('The sha256 of the file’s bytes, 64 lowercase hex digits'),
  createdAt: instant,
  replacedAt: instant.nullable(),
  replacedBy: answerText.nullable().describe('The document that replaced this one'),
}) satisfies z.ZodType<ProductDocument>;

export const productDocumentOne = okWith({ document: productDocumentAnswer });
export const productDocumentList = okWith({
  documents: z.array(productDocumentAnswer).describe('Current ones first, then the replaced ones; newest first'),
});

const tokenDocument = z.object({
  kind: z.enum(DOCUMENT_KINDS),
  name: answerText,
  url: answerText,
  sha256: answerText,
  mime_type: answerText,
}) satisfies z.ZodType<TokenDocument>;

const tokenAttribute = z.object({
  trait_type: answerText,
  value: z.union([answerText, z.number()]),
  display_type: answerText.optional(),
}) satisfies z.ZodType<TokenAttribute>;

/** EIP-1155's metadata JSON (name, description, image, properties) with OpenSea's external_url and attributes. */
export const tokenMetadataAnswer = z
  .object({
    name: answerText,
    description: answerText,
    image: answerText.optional().describe('Absolute URL of the product image'),
    external_url: answerText.describe('The shop’s page of the product'),
    decimals: z.number().int(),
    properties: z.object({
      asset_type: answerText,
      sku: answerText,
      issuer: answerText.optional(),
      custody: answerText.optional(),
      valuation: z
        .object({ amount: answerText, currency: answerText, date: answerText.optional() })
        .optional()
        .describe('The last valuation: a decimal amount, its currency and its day (YYYY-MM-DD)'),
      redemption: answerText.describe('The redemption policy in words'),
      documents: z.array(tokenDocument),
      token: z.object({
        chain_id: z.number().int(),
        contract: answerText.nullable(),
        token_id: answerText.describe('Decimal'),
        standard: answerText,
      }),
    }),
    attributes: z.array(tokenAttribute),
  })
  .describe('EIP-1155 metadata JSON') satisfies z.ZodType<TokenMetadata>;

/** OpenSea's contract-level metadata, at the contract's contractURI(). */
export const collectionMetadataAnswer = z
  .object({
    name: answerText,
    description: answerText,
    image: answerText.describe('Absolute URL of the collection’s image (SVG)'),
    external_link: answerText.describe('The shop'),
    properties: z.object({
      chain_id: z.number().int(),
      contract: answerText.nullable(),
      token_uri: answerText.describe('The base URI of the tokens, with EIP-1155’s `{id}`'),
      standard: answerText,
    }),
  })
  .describe('Collection metadata (contractURI)') satisfies z.ZodType<CollectionMetadata>;
