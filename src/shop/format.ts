import { useMemo } from 'react';
import { formatDate, formatDateTime, formatMoney, formatNumber, formatPercent, type DateInput } from '../lib/format';
import { fill, useI18n } from './i18n';
import { useSettings } from './settings';

/** The shared formatting module bound to the shop's language and the site's time zone and currency. */
export function useFormat() {
  const { lang, m } = useI18n();
  const { settings } = useSettings();
  const timezone = settings?.timezone ?? 'UTC';
  const currency = settings?.currency ?? 'USD';
  const cryptoSymbol = settings?.cryptoSymbol ?? '';
  return useMemo(
    () => ({
      currency,
      money: (amount: number | string | null | undefined, cur: string = currency) => formatMoney(amount, cur, lang),
      date: (value: DateInput) => formatDate(value, timezone, lang),
      dateTime: (value: DateInput) => formatDateTime(value, timezone, lang),
      number: (value: number | string | null | undefined) => formatNumber(value, lang),
      percent: (fraction: number) => formatPercent(fraction, lang),
      /** A crypto price (an exact decimal string) with its unit, the chain's native token, once the settings name it. */
      crypto: (amount: string) => fill(m.product.cryptoAmount, { amount, symbol: cryptoSymbol }).trim(),
    }),
    [lang, m, timezone, currency, cryptoSymbol],
  );
}
