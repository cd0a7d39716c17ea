/** The account's wallet and the points-to-tokens conversion: calls only the Account page makes, kept off the shop's first page. */
import { apiGet, apiSend, toQuery } from '../lib/api';
import { LOYALTY_TOKEN, POINTS_TOKEN, type Conversion, type TokensConverted } from '../common/membership';

/** Saves (or, null, removes) the shopper's wallet: where converted points are minted and crypto payouts go. Answers it checksummed. */
export const saveOwnWallet = (walletAddress: string | null) =>
  apiSend<{ walletAddress: string | null }>('PUT', '/api/referrals/wallet', { walletAddress }).then(
    (r) => r.walletAddress,
  );

/** Conversions a page of the account shows. */
export const CONVERSIONS_PAGE_SIZE = 5;
export const listOwnConversions = (signal?: AbortSignal) =>
  apiGet<{ conversions: Conversion[] }>(
    `/api/membership/conversions/history${toQuery({ limit: CONVERSIONS_PAGE_SIZE })}`,
    { signal },
  ).then((r) => r.conversions);

/** 201 with the conversion (its mint queued) and the member after it; an ApiError with the server's sentence otherwise. */
export const convertPointsToTokens = (amount: number) =>
  apiSend<TokensConverted>('POST', '/api/membership/tokens/convert', {
    fromToken: POINTS_TOKEN,
    toToken: LOYALTY_TOKEN,
    amount,
  });
