/** What the holders route answers (vocabulary: holders.ts). */
import { z } from 'zod';
import { answerText, instant, okWith } from './answers.schemas.js';
import type { HolderFreeze, HolderUser, ProductHolders, TokenHolder, TokenSupply } from './holders.js';
import { address, mintJobAnswer, positiveInteger } from './mint.schemas.js';
import { text } from './text.js';

const amount = answerText.describe('A token amount, a decimal integer');

const supply = z.object({
  minted: amount.describe('Every mint of the token (transfers from the zero address)'),
  inCirculation: amount.describe('Minted less burned'),
  burned: amount.describe('Every burn (transfers to the zero address)'),
}) satisfies z.ZodType<TokenSupply>;

const holderUser = z.object({
  id: answerText,
  email: answerText,
  name: answerText.nullable(),
  kycStatus: answerText,
}) satisfies z.ZodType<HolderUser>;

const freeze = z.object({
  wallet: answerText.describe('The wallet, in lowercase'),
  frozen: z.boolean().describe('What the contract is to say for the wallet and this token (the mint worker sets it)'),
  reason: answerText.describe('Why, as staff wrote it'),
  updatedBy: answerText.nullable().describe('Who froze or unfroze it (a user id); null once that user is deleted'),
  updatedAt: instant,
}) satisfies z.ZodType<HolderFreeze>;

const holder = z.object({
  wallet: answerText.describe('The wallet, in lowercase'),
  balance: amount,
  user: holderUser.nullable().describe('The account whose wallet address this is, when one is'),
  freeze: freeze.nullable().describe('The wallet’s freeze for this token while it is frozen, else null'),
}) satisfies z.ZodType<TokenHolder>;

/** Freezing or unfreezing one wallet for a product's token: which wallet and why (kept and in the audit log). */
export const holderFreezeBody = z.object({
  wallet: address('Wallet'),
  reason: text('Reason', { min: 3, max: 500 }),
});
export type HolderFreezeInput = z.infer<typeof holderFreezeBody>;

export const holderFreezeAnswer = okWith({ freeze });

/**
 * Redeeming a holder's tokens (the holder redeemed the asset): how many of the wallet's tokens are burned, and why (kept
 * with the job and in the audit log).
 */
export const holderRedeemBody = z.object({
  wallet: address('Wallet'),
  amount: positiveInteger('Amount'),
  reason: text('Reason', { min: 3, max: 500 }),
});
export type HolderRedeemInput = z.infer<typeof holderRedeemBody>;

export const holderRedeemAnswer = okWith({
  job: mintJobAnswer.describe('The redeem job in the mint queue: awaiting approval, or on its way to the chain'),
});

export const productHoldersAnswer = okWith({
  holders: z.object({
    tokenId: answerText.nullable().describe('null: the product is not tokenised'),
    chainId: z.number().int(),
    contract: answerText,
    indexedBlock: z.number().int().nullable().describe('The last block indexed; null before the first pass'),
    supply,
    holders: z.array(holder).describe('Largest balance first, at most 500'),
  }) satisfies z.ZodType<ProductHolders>,
});
