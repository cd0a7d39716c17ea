import { z } from 'zod';
import { text } from './text.js';

export const TIMEZONES = ['UTC', 'America/New_York', 'America/Chicago', 'America/Denver', 'America/Los_Angeles', 'Asia/Shanghai'] as const;
export const CURRENCIES = ['USD', 'EUR', 'GBP', 'CNY', 'JPY'] as const;
export const LANGUAGES = ['en', 'zh'] as const;

export const settingsSchema = z.object({
  siteName: text('Site name', { max: 120 }),
  siteUrl: text('Site URL', { max: 2000, min: 0 }).refine((v) => v === '' || (/^https?:\/\//i.test(v) && URL.canParse(v)), 'Site URL must be a valid URL.'),
  timezone: z.enum(TIMEZONES),
  language: z.enum(LANGUAGES),
  currency: z.enum(CURRENCIES),
  notifications: z.boolean(),
  emailNotifications: z.boolean(),
  smsNotifications: z.boolean(),
  twoFactorAuth: z.boolean(),
  sessionTimeout: z.number().int().min(1).max(24 * 60),
  maxLoginAttempts: z.number().int().min(1).max(100),
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
  maxLoginAttempts: 5,
};

/** What any visitor may read: enough to title and format the app. */
export type PublicSettings = Pick<Settings, 'siteName' | 'timezone' | 'language' | 'currency'>;
