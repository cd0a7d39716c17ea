/** What the holders route answers (vocabulary: holders.ts). */
import { z } from 'zod';
import { answerText, okWith } from './answers.schemas.js';
import type { HolderUser, ProductHolders, TokenHolder, TokenSupply } from './holders.js';

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

const holder = z.object({
  wallet: answerText.describe('The wallet, in lowercase'),
  balance: amount,
  user: holderUser.nullable().describe('The account whose wallet address this is, when one is'),
}) satisfies z.ZodType<TokenHolder>;

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
