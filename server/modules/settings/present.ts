import type { PublicSettings, Settings } from '../../../src/common/settings.js';
import { nativeCurrencyOf, type ChainToken } from '../../chain/client.js';

/** What any visitor may read: enough to title and format the app, the unit of crypto prices (the chain's native token), and where tokens are minted. */
export const presentPublicSettings = (s: Settings, token: ChainToken): PublicSettings => ({
  siteName: s.siteName,
  timezone: s.timezone,
  language: s.language,
  currency: s.currency,
  cryptoSymbol: nativeCurrencyOf(token.chainId).symbol,
  chainId: token.chainId,
  tokenContract: token.contract,
});
