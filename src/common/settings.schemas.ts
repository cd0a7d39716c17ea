/** What the settings routes answer (what PUT /api/settings takes is `settingsSchema`, settings.ts). */
import { z } from 'zod';
import { answerText, okWith } from './answers.schemas.js';
import { CURRENCIES, LANGUAGES, TIMEZONES, type PublicSettings, type Settings } from './settings.js';

const whole = z.number().int();

/** Every setting; `settingsSchema` states each one's meaning and bounds. */
const settingsAnswer = z.object({
  siteName: answerText,
  siteUrl: answerText.describe('Empty: links are built from the request’s address'),
  timezone: z.enum(TIMEZONES),
  language: z.enum(LANGUAGES),
  currency: z.enum(CURRENCIES),
  notifications: z.boolean(),
  emailNotifications: z.boolean(),
  smsNotifications: z.boolean(),
  twoFactorAuth: z.boolean().describe('Staff must use 2FA'),
  sessionTimeout: whole.describe('Minutes of inactivity that end a session'),
  sessionMaxHours: whole.describe('A session ends this many hours after its login, however active'),
  maxLoginAttempts: whole,
  taxRatePercent: z.number(),
  shippingFee: z.number(),
  freeShippingOver: z.number().nullable().describe('Shipping is free from this discounted subtotal on; null: never'),
  kycRequiredAbove: z
    .number()
    .nullable()
    .describe('Token purchases above this total need a KYC-verified buyer; null: never'),
  checkoutTtlMinutes: whole,
  couponHoldMinutes: whole,
  commissionHoldDays: whole,
  minimumPayout: z.number(),
  payoutDualControlAbove: z.number().describe('A payout above this needs a second approval; 0: every payout'),
  manualMintDualControlAbove: whole.describe('A manual mint of more units than this needs a second approval'),
  payoutTokenRate: answerText
    .nullable()
    .describe('Native tokens sent for 1.00 of the currency; null: paying on chain is refused'),
  pointsPerCurrencyUnit: whole,
  redemptionPointsPerCurrencyUnit: whole,
  pointsPerToken: whole,
  loyaltyTokenId: answerText,
}) satisfies z.ZodType<Settings>;

export const settingsOne = okWith({ settings: settingsAnswer });

export const publicSettingsOne = okWith({
  settings: z.object({
    siteName: answerText,
    timezone: z.enum(TIMEZONES),
    language: z.enum(LANGUAGES),
    currency: z.enum(CURRENCIES),
    cryptoSymbol: answerText.describe('The unit of crypto prices: the chain’s native token'),
    chainId: z.number().int().describe('The chain tokens are minted on'),
    tokenContract: answerText.describe('The ERC-1155 contract tokens are minted by'),
  }) satisfies z.ZodType<PublicSettings>,
});
