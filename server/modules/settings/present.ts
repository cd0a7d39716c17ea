import type { PublicSettings, Settings } from '../../../src/common/settings.js';

/** What any visitor may read: enough to title and format the app. */
export const presentPublicSettings = (s: Settings): PublicSettings =>
  ({ siteName: s.siteName, timezone: s.timezone, language: s.language, currency: s.currency });
