/** What the product routes take (zod schemas built from the text type, for the server and forms) and what they answer. */
import { z } from 'zod';
import { MEMBER_LEVELS } from './membership.js';
import { listQueryOf } from './list.schemas.js';
import { isCryptoAmount, isFiatAmount } from './money.js';
import {
  DEFAULT_TOKEN_TYPE,
  isProductImageLink,
  PRODUCT_SORTS,
  PRODUCT_STATUSES,
  RWA_TYPES,
  TOKEN_TYPES,
  type Product,
  type ProductStats,
} from './products.js';
import { answerText, instant, listTotal, okWith } from './answers.schemas.js';
import { isSafeJson, optionalText, text, unsafeTextSentence } from './text.js';
import { CURRENCIES } from './settings.js';
import { isRealDate } from './kyc.schemas.js';

// The union carries the sentence too: a missing or null price would otherwise answer "Invalid input".
const amount = (test: (v: number | string) => boolean, message: string) =>
  z.union([z.number(), text('Amount', { max: 40 })], { error: message }).refine(test, message);
/**
 * A whole number, or its digits as text (forms send text). Unlike z.coerce, null, '' and booleans are
 * refused rather than read as 0 or 1: `{"stock": null}` on update must not zero the stock.
 */
const whole = (message: string, bounds: (n: z.ZodNumber) => z.ZodNumber) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v),
    bounds(z.number({ error: message }).int(message)),
  );

const fields = {
  title: text('Title', { max: 200 }),
  sku: text('SKU', { max: 64 }).regex(
    /^[A-Za-z0-9._-]+$/,
    'SKU may use letters, digits, dot, dash and underscore only.',
  ),
  priceFiat: amount(isFiatAmount, 'Fiat price must be a number ≥ 0 with at most 2 decimals.'),
  priceCrypto: amount(isCryptoAmount, 'Crypto price must be a number ≥ 0 with at most 8 decimals.'),
  rwaType: z.enum(RWA_TYPES, { error: `Type must be one of ${RWA_TYPES.join(', ')}.` }),
  status: z.enum(PRODUCT_STATUSES, { error: `Status must be one of ${PRODUCT_STATUSES.join(', ')}.` }),
  // At most PostgreSQL's integer (the column's type): a larger id failed on insert with a 500.
  chainId: whole('Chain id must be a positive integer.', (n) =>
    n.positive('Chain id must be a positive integer.').max(2_147_483_647, 'Chain id can be at most 2147483647.'),
  ),
  contract: optionalText('Contract', 42, 'Contract must be an EVM address (0x followed by 40 hex digits).').refine(
    (v) => v === null || /^0x[0-9a-fA-F]{40}$/.test(v),
    'Contract must be an EVM address (0x followed by 40 hex digits).',
  ),
  tokenType: z.enum(TOKEN_TYPES, { error: 'Token type must be ERC1155, ERC721 or ERC20.' }),
  tokenId: z
    .union([z.number(), text('Token id', { max: 78, min: 0 })], { error: 'Token id must be a whole number ≥ 0.' })
    .nullish()
    .transform((v) => (v === null || v === undefined || v === '' ? null : String(v).trim()))
    .refine((v) => v === null || /^\d{1,78}$/.test(v), 'Token id must be a whole number ≥ 0.'),
  stock: whole('Stock must be a whole number ≥ 0.', (n) =>
    n.min(0, 'Stock must be a whole number ≥ 0.').max(2_000_000_000, 'Stock can be at most 2,000,000,000.'),
  ),
  category: optionalText('Category', 100),
  description: optionalText('Description', 5000),
  image: optionalText('Image', 2000).refine(
    (v) => v === null || isProductImageLink(v),
    'Image must be an https:// address or an uploaded image (/uploads/…).',
  ),
  minMemberLevel: z
    .enum(MEMBER_LEVELS, {
      error: `Minimum member level must be one of ${MEMBER_LEVELS.join(', ')}, or empty for everyone.`,
    })
    .nullish()
    .transform((v) => v ?? null),
  issuer: optionalText('Issuer', 200),
  custodian: optionalText('Custodian', 200),
  valuationFiat: amount(isFiatAmount, 'Valuation must be a number ≥ 0 with at most 2 decimals.')
    .nullish()
    .transform((v) => (v === undefined ? undefined : v === null || v === '' ? null : Number(v))),
  valuationCurrency: z
    .enum(CURRENCIES, { error: `Valuation currency must be one of ${CURRENCIES.join(', ')}.` })
    .nullish()
    .transform((v) => v ?? null),
  valuedOn: optionalText('Valuation date', 10, 'Valuation date must be a real date written YYYY-MM-DD.').refine(
    (v) => v === null || isRealDate(v),
    'Valuation date must be a real date written YYYY-MM-DD.',
  ),
  requiresVerifiedHolders: z.boolean({ error: 'Requires verified holders must be true or false.' }),
  redeemPolicy: z
    .looseObject({}, { error: 'Redeem policy must be an object.' })
    .nullish()
    .transform((v) => v ?? null)
    .refine(isSafeJson, unsafeTextSentence('Redeem policy')),
};

// Defaults only on create: zod 4 applies a default even inside .partial(), which would reset fields on update.
export const productBody = z.object({
  ...fields,
  status: fields.status.default('draft'),
  chainId: fields.chainId
    .optional()
    .describe('Set by the server: the chain the tokens are minted on (a different one is refused)'),
  tokenType: fields.tokenType.default(DEFAULT_TOKEN_TYPE),
  stock: fields.stock.default(0),
  requiresVerifiedHolders: fields.requiresVerifiedHolders
    .optional()
    .describe('When left out: true for bonds and real estate, false otherwise'),
});
export const productPatch = z.object(fields).partial();
export type ProductInput = z.infer<typeof productBody>;
export type ProductPatch = z.infer<typeof productPatch>;

export const productListQuery = listQueryOf(PRODUCT_STATUSES, PRODUCT_SORTS, 'createdAt').extend({
  rwaType: z.enum(RWA_TYPES, { error: `rwaType must be one of ${RWA_TYPES.join(', ')}.` }).optional(),
});
export type ProductListQuery = z.infer<typeof productListQuery>;

/** A product as the API answers it (`Product`, server/modules/products/present.ts). */
export const productAnswer = z.object({
  id: answerText,
  title: answerText,
  name: answerText.describe('The title again'),
  sku: answerText,
  description: answerText.nullable(),
  category: answerText.nullable(),
  image: answerText.nullable(),
  imageThumb: answerText
    .nullable()
    .describe('A small version of an uploaded image; null when the image is a link or missing'),
  priceFiat: z.number(),
  priceCrypto: answerText,
  rwaType: answerText,
  chainId: z.number().int(),
  contract: answerText.nullable(),
  tokenType: answerText,
  tokenId: answerText.nullable(),
  redeemPolicy: z.record(answerText, z.unknown()).nullable(),
  stock: z.number().int(),
  status: answerText,
  minMemberLevel: z
    .enum(MEMBER_LEVELS)
    .nullable()
    .describe('Only members of this level or above see and may buy it; null: everyone'),
  issuer: answerText.nullable(),
  custodian: answerText.nullable(),
  requiresVerifiedHolders: z
    .boolean()
    .describe("Its token goes only to wallets on the contract's verified-holder allowlist"),
  valuationFiat: z.number().nullable(),
  valuationCurrency: answerText.nullable(),
  valuedOn: answerText.nullable().describe('The valuation’s day, YYYY-MM-DD'),
  createdAt: instant,
  updatedAt: instant,
}) satisfies z.ZodType<Product>;

export const productOne = okWith({ product: productAnswer });
export const productPage = okWith({ products: z.array(productAnswer), ...listTotal });
export const productStatsAnswer = okWith({
  stats: z.object({
    total: z.number().int(),
    active: z.number().int(),
    inactive: z.number().int(),
    draft: z.number().int(),
    totalValue: z.number(),
  }) satisfies z.ZodType<ProductStats>,
});
