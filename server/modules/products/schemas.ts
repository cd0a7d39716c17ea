import { z } from 'zod';
import { isCryptoAmount, isFiatAmount } from '../../../src/common/money.js';
import { listQuery } from '../../lib/list.js';

export const RWA_TYPES = ['commodity', 'real_estate', 'art', 'collectibles', 'bonds'] as const;
export const PRODUCT_STATUSES = ['active', 'inactive', 'draft'] as const;
export const PRODUCT_SORTS = ['title', 'sku', 'priceFiat', 'priceCrypto', 'stock', 'status', 'rwaType', 'createdAt'] as const;

// The union carries the sentence too: a missing or null price would otherwise answer "Invalid input".
const amount = (test: (v: number | string) => boolean, message: string) =>
  z.union([z.number(), z.string()], { error: message }).refine(test, message);
/**
 * A whole number, or its digits as text (forms send text). Unlike z.coerce, null, '' and booleans are
 * refused rather than read as 0 or 1: `{"stock": null}` on update must not zero the stock.
 */
const whole = (message: string, bounds: (n: z.ZodNumber) => z.ZodNumber) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v), bounds(z.number({ error: message }).int(message)));
const optionalText = (max: number) => z.string().trim().max(max).nullish().transform((v) => v || null);

const fields = {
  title: z.string({ error: 'Title is required.' }).trim().min(1, 'Title is required.').max(200, 'Title can be at most 200 characters.'),
  sku: z.string({ error: 'SKU is required.' }).trim().min(1, 'SKU is required.').max(64, 'SKU can be at most 64 characters.')
    .regex(/^[A-Za-z0-9._-]+$/, 'SKU may use letters, digits, dot, dash and underscore only.'),
  priceFiat: amount(isFiatAmount, 'Fiat price must be a number ≥ 0 with at most 2 decimals.'),
  priceCrypto: amount(isCryptoAmount, 'Crypto price must be a number ≥ 0 with at most 8 decimals.'),
  rwaType: z.enum(RWA_TYPES, { error: `Type must be one of ${RWA_TYPES.join(', ')}.` }),
  status: z.enum(PRODUCT_STATUSES, { error: `Status must be one of ${PRODUCT_STATUSES.join(', ')}.` }),
  // At most PostgreSQL's integer (the column's type): a larger id failed on insert with a 500.
  chainId: whole('Chain id must be a positive integer.', (n) => n.positive('Chain id must be a positive integer.')
    .max(2_147_483_647, 'Chain id can be at most 2147483647.')),
  contract: z.string().trim().nullish().transform((v) => v || null)
    .refine((v) => v === null || /^0x[0-9a-fA-F]{40}$/.test(v), 'Contract must be an EVM address (0x followed by 40 hex digits).'),
  tokenType: z.enum(['ERC1155', 'ERC721', 'ERC20'], { error: 'Token type must be ERC1155, ERC721 or ERC20.' }),
  tokenId: z.union([z.string(), z.number()]).nullish().transform((v) => (v === null || v === undefined || v === '' ? null : String(v).trim()))
    .refine((v) => v === null || /^\d{1,78}$/.test(v), 'Token id must be a whole number ≥ 0.'),
  stock: whole('Stock must be a whole number ≥ 0.', (n) => n.min(0, 'Stock must be a whole number ≥ 0.').max(2_000_000_000, 'Stock can be at most 2,000,000,000.')),
  category: optionalText(100),
  description: optionalText(5000),
  image: optionalText(2000),
  redeemPolicy: z.record(z.string(), z.unknown()).nullish().transform((v) => v ?? null),
};

// Defaults only on create: zod 4 applies a default even inside .partial(), which would reset fields on update.
export const productBody = z.object({
  ...fields,
  status: fields.status.default('draft'),
  chainId: fields.chainId.default(11155111),
  tokenType: fields.tokenType.default('ERC1155'),
  stock: fields.stock.default(0),
});
export const productPatch = z.object(fields).partial();
export type ProductInput = z.infer<typeof productBody>;
export type ProductPatch = z.infer<typeof productPatch>;

export const productListQuery = listQuery.extend({
  status: z.enum(PRODUCT_STATUSES).optional(),
  rwaType: z.enum(RWA_TYPES).optional(),
  sort: z.enum(PRODUCT_SORTS).default('createdAt'),
});

export const idParams = z.object({ id: z.string().uuid('The id must be a UUID.') });
