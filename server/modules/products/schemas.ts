import { z } from 'zod';
import { isCryptoAmount, isFiatAmount } from '../../../src/lib/money.js';
import { listQuery } from '../../lib/list.js';

export const RWA_TYPES = ['commodity', 'real_estate', 'art', 'collectibles', 'bonds'] as const;
export const PRODUCT_STATUSES = ['active', 'inactive', 'draft'] as const;
export const PRODUCT_SORTS = ['title', 'sku', 'priceFiat', 'priceCrypto', 'stock', 'status', 'rwaType', 'createdAt'] as const;

const amount = z.union([z.number(), z.string()]);
const optionalText = (max: number) => z.string().trim().max(max).nullish().transform((v) => v || null);

const fields = {
  title: z.string({ error: 'Title is required.' }).trim().min(1, 'Title is required.').max(200),
  sku: z.string({ error: 'SKU is required.' }).trim().min(1, 'SKU is required.').max(64)
    .regex(/^[A-Za-z0-9._-]+$/, 'SKU may use letters, digits, dot, dash and underscore only.'),
  priceFiat: amount.refine(isFiatAmount, 'Fiat price must be a number ≥ 0 with at most 2 decimals.'),
  priceCrypto: amount.refine(isCryptoAmount, 'Crypto price must be a number ≥ 0 with at most 8 decimals.'),
  rwaType: z.enum(RWA_TYPES, { error: `Type must be one of ${RWA_TYPES.join(', ')}.` }),
  status: z.enum(PRODUCT_STATUSES, { error: `Status must be one of ${PRODUCT_STATUSES.join(', ')}.` }),
  chainId: z.coerce.number({ error: 'Chain id must be a positive integer.' }).int('Chain id must be a positive integer.').positive('Chain id must be a positive integer.'),
  contract: z.string().trim().nullish().transform((v) => v || null)
    .refine((v) => v === null || /^0x[0-9a-fA-F]{40}$/.test(v), 'Contract must be an EVM address (0x followed by 40 hex digits).'),
  tokenType: z.enum(['ERC1155', 'ERC721', 'ERC20'], { error: 'Token type must be ERC1155, ERC721 or ERC20.' }),
  tokenId: z.union([z.string(), z.number()]).nullish().transform((v) => (v === null || v === undefined || v === '' ? null : String(v).trim()))
    .refine((v) => v === null || /^\d{1,78}$/.test(v), 'Token id must be a whole number ≥ 0.'),
  stock: z.coerce.number({ error: 'Stock must be a whole number ≥ 0.' }).int('Stock must be a whole number ≥ 0.').min(0, 'Stock must be a whole number ≥ 0.').max(2_000_000_000),
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
