import { z } from 'zod';
import { isFiatAmount } from './money.js';
import { text } from './text.js';

export const TIMEZONES = [
  'UTC',
  'America/New_York',
  'America/Chicago',
  'America/Denver',
  'America/Los_Angeles',
  'Asia/Shanghai',
] as const;
export const CURRENCIES = ['USD', 'EUR', 'GBP', 'CNY', 'JPY'] as const;
export const LANGUAGES = ['en', 'zh'] as const;

const wholeSetting = (label: string, min: number, max: number) => {
  const sentence = `${label} must be a whole number from ${min} to ${max.toLocaleString('en-US')}.`;
  return z.number({ error: sentence }).int(sentence).min(min, sentence).max(max, sentence);
};

export const settingsSchema = z.object({
  siteName: text('Site name', { max: 120 }),
  siteUrl: text('Site URL', { max: 2000, min: 0 }).refine(
    (v) => v === '' || (/^https?:\/\//i.test(v) && URL.canParse(v)),
    'Site URL must be a valid URL.',
  ),
  timezone: z.enum(TIMEZONES),
  language: z.enum(LANGUAGES),
  currency: z.enum(CURRENCIES),
  notifications: z.boolean(),
  emailNotifications: z.boolean(),
  smsNotifications: z.boolean(),
  twoFactorAuth: z.boolean(),
  sessionTimeout: z
    .number()
    .int()
    .min(1)
    .max(24 * 60),
  /** A session ends this many hours after its login, however active it is. */
  sessionMaxHours: z
    .number({ error: 'Session lifetime must be a whole number of hours from 1 to 720.' })
    .int('Session lifetime must be a whole number of hours from 1 to 720.')
    .min(1, 'Session lifetime must be a whole number of hours from 1 to 720.')
    .max(720, 'Session lifetime must be a whole number of hours from 1 to 720.'),
  maxLoginAttempts: z.number().int().min(1).max(100),
  /** Tax on the discounted subtotal, in percent with at most 2 decimals. */
  taxRatePercent: z
    .number({ error: 'Tax rate must be a number from 0 to 100.' })
    .min(0, 'Tax rate must be a number from 0 to 100.')
    .max(100, 'Tax rate must be a number from 0 to 100.')
    .refine(isFiatAmount, 'Tax rate can have at most 2 decimals.'),
  /** A flat shipping fee for carts with a line that is not a token. */
  shippingFee: z
    .number({ error: 'Shipping fee must be an amount ≥ 0.' })
    .refine(isFiatAmount, 'Shipping fee must be an amount ≥ 0 with at most 2 decimals.'),
  /** Shipping is free from this discounted subtotal on; null: never free. */
  freeShippingOver: z
    .number({ error: 'Free shipping threshold must be an amount ≥ 0, or null.' })
    .refine(isFiatAmount, 'Free shipping threshold must be an amount ≥ 0 with at most 2 decimals, or null.')
    .nullable(),
  /** Token purchases whose total is above this amount need a buyer whose identity is verified (KYC); null: never. */
  kycRequiredAbove: z
    .number({ error: 'KYC threshold must be an amount ≥ 0, or null.' })
    .refine(isFiatAmount, 'KYC threshold must be an amount ≥ 0 with at most 2 decimals, or null.')
    .nullable(),
  /** Minutes an unpaid checkout holds its stock before it fails. */
  checkoutTtlMinutes: z
    .number()
    .int()
    .min(1)
    .max(24 * 60),
  /** Minutes an unpaid checkout holds a use of a coupon with a use limit; older unpaid checkouts no longer count toward it. */
  couponHoldMinutes: wholeSetting('Coupon hold', 1, 24 * 60),
  /** Days after an order is paid before its commissions may be approved, so that refunds come first. */
  commissionHoldDays: z
    .number({ error: 'Commission hold must be a whole number of days from 0 to 365.' })
    .int('Commission hold must be a whole number of days from 0 to 365.')
    .min(0, 'Commission hold must be a whole number of days from 0 to 365.')
    .max(365, 'Commission hold must be a whole number of days from 0 to 365.'),
  /** A referrer may request a payout once their approved earnings reach this amount. */
  minimumPayout: z
    .number({ error: 'Minimum payout must be an amount ≥ 0.' })
    .refine(isFiatAmount, 'Minimum payout must be an amount ≥ 0 with at most 2 decimals.'),
  /** A payout above this amount needs a second member of staff's approval before it is completed or paid on chain; 0: every payout. */
  payoutDualControlAbove: z
    .number({ error: 'Payout approval threshold must be an amount ≥ 0.' })
    .refine(isFiatAmount, 'Payout approval threshold must be an amount ≥ 0 with at most 2 decimals.'),
  /** A manual mint of more units than this waits for a second member of staff's approval before it is queued. */
  manualMintDualControlAbove: wholeSetting('Manual mint approval threshold', 0, 1_000_000_000),
  /**
   * Native tokens a crypto payout sends for 1.00 of its currency (a decimal with at most 18 places), set by finance from
   * the market rate; null: "Pay on chain" is refused until an admin sets it. The amount is shown before it is sent.
   */
  payoutTokenRate: text('Payout token rate', { max: 40 })
    .regex(
      /^\d{1,12}(\.\d{1,18})?$/,
      'Payout token rate must be a decimal number with at most 18 decimals (tokens for 1.00 of the currency).',
    )
    .refine((v) => /[1-9]/.test(v), 'Payout token rate must be above 0.')
    .nullable(),
  /** Membership points a paid order earns for each 1.00 of its subtotal after discount (rounded down to whole points). */
  pointsPerCurrencyUnit: wholeSetting('Points per currency unit', 0, 1_000),
  /** Points that buy 1.00 of a product's price in a redemption. */
  redemptionPointsPerCurrencyUnit: wholeSetting('Redemption points per currency unit', 1, 1_000_000),
  /** Points one loyalty token costs in a conversion. */
  pointsPerToken: wholeSetting('Points per token', 1, 1_000_000_000),
  /** The loyalty token's ERC-1155 id on the platform's contract (a fungible id beside the products' tokens). */
  loyaltyTokenId: text('Loyalty token id', { max: 78 }).regex(
    /^[1-9]\d{0,76}$/,
    'Loyalty token id must be a whole number of at least 1.',
  ),
});

export type Settings = z.infer<typeof settingsSchema>;

export const DEFAULT_SETTINGS: Settings = {
  siteName: 'RWA Management System',
  siteUrl: '',
  timezone: 'UTC',
  language: 'en',
  currency: 'USD',
  notifications: true,
  emailNotifications: true,
  smsNotifications: false,
  twoFactorAuth: true,
  sessionTimeout: 30,
  sessionMaxHours: 12,
  maxLoginAttempts: 5,
  taxRatePercent: 0,
  shippingFee: 0,
  freeShippingOver: null,
  kycRequiredAbove: null,
  checkoutTtlMinutes: 30,
  couponHoldMinutes: 10,
  commissionHoldDays: 14,
  minimumPayout: 50,
  payoutDualControlAbove: 0,
  manualMintDualControlAbove: 100,
  payoutTokenRate: null,
  pointsPerCurrencyUnit: 1,
  redemptionPointsPerCurrencyUnit: 100,
  pointsPerToken: 100,
  loyaltyTokenId: '1000000',
};

/** What any visitor may read: enough to title and format the app. */
/** `cryptoSymbol`: the chain's native token, the unit of crypto prices ("ETH" on the dev chain). */
/** What any visitor reads: the site's name and formats, and where tokens are minted (the running chain and its contract). */
export type PublicSettings = Pick<Settings, 'siteName' | 'timezone' | 'language' | 'currency'> & {
  cryptoSymbol: string;
  chainId: number;
  tokenContract: string;
};
