/** What the storefront's public catalogue and shopper sign-up take, and what a confirmed sign-up answers. */
import { z } from 'zod';
import { listQuery } from './list.schemas.js';
import { PRODUCT_SORTS, RWA_TYPES } from './products.js';
import { text } from './text.js';
import { MIN_PASSWORD_LENGTH } from './users.js';
import { loginSuccessAnswer } from './auth.schemas.js';
import { answerText, okWith } from './answers.schemas.js';
import type { ShopTransaction } from './shop.js';

/** The admin list's paging and search over active products; a shopper filters by type only. */
export const shopProductListQuery = listQuery.extend({
  rwaType: z.enum(RWA_TYPES, { error: `rwaType must be one of ${RWA_TYPES.join(', ')}.` }).optional(),
  sort: z.enum(PRODUCT_SORTS).default('createdAt'),
});

/** A shopper's own orders, newest first. */
export const shopOrderListQuery = listQuery.pick({ limit: true, offset: true });

/** Sign-up: a role cannot be chosen (every account made here is a shopper); other fields are ignored. */
export const signupBody = z.object({
  name: text('Name', { max: 120 }),
  email: text('Email', { max: 254 }).email('Email must be a valid email address.'),
  password: text('Password', { max: 1024, min: MIN_PASSWORD_LENGTH, trim: false }),
});
export type SignupInput = z.infer<typeof signupBody>;

/** Confirming a sign-up with the token of the emailed link (which then logs the new shopper in). */
export const signupConfirmBody = z.object({ token: text('Token', { max: 200 }) });

/** A confirmed sign-up's answer: the session it opens, as a login answers it. */
export const signupConfirmAnswer = loginSuccessAnswer;

/** A guest names the order the transaction belongs to, and sends its checkout's secret in x-checkout-secret. */
export const shopTransactionQuery = z.object({
  orderId: text('orderId', { max: 36, tooLong: 'orderId must be a UUID.' }).uuid('orderId must be a UUID.').optional(),
});

/** GET /api/shop/tx/{hash}: one of the caller's own transactions (`ShopTransaction`). */
export const shopTransactionAnswer = okWith({
  transaction: z.object({
    hash: answerText,
    chainId: z.number().int(),
    kind: z.enum(['mint', 'payment', 'refund']),
    orderId: answerText.nullable(),
    tokenId: answerText.nullable(),
    amount: answerText.nullable(),
    walletAddress: answerText.nullable(),
    status: z.enum(['pending', 'success', 'reverted']),
    blockNumber: answerText.nullable(),
    confirmations: z.number().int(),
    from: answerText.nullable(),
    to: answerText.nullable(),
    explorerUrl: answerText.nullable().describe('A public block explorer’s page, where the chain has one'),
  }) satisfies z.ZodType<ShopTransaction>,
});
