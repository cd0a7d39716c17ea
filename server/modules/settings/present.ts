import type { PublicSettings, Settings } from '../../../src/common/settings.js';
import { nativeCurrencyOf } from '../../chain/client.js';

/** What any visitor may read: enough to title and format the app, and the unit of crypto prices (the chain's native token). */
export const presentPublicSettings = (s: Settings, chainId: number): PublicSettings =>
  ({ siteName: s.siteName, timezone: s.timezone, language: s.language, currency: s.currency, cryptoSymbol: nativeCurrencyOf(chainId).symbol });
