import { useMemo } from 'react';
import { useLocaleState } from 'react-admin';
import { formatDate, formatDateTime, formatMoney, formatNumber, formatPercent, type DateInput } from '../../lib/format';
import { usePublicSettings } from './usePublicSettings';

type Amount = number | string | null | undefined;

/** Formatters bound to the current locale and the site's timezone and currency. */
export function useFormat() {
  const [lang] = useLocaleState();
  const settings = usePublicSettings();
  const timezone = settings?.timezone ?? 'UTC';
  const currency = settings?.currency ?? 'USD';
  const cryptoSymbol = settings?.cryptoSymbol ?? '';
  return useMemo(
    () => ({
      lang,
      timezone,
      currency,
      money: (amount: Amount, cur: string = currency, maximumFractionDigits?: number) =>
        formatMoney(amount, cur, lang, { maximumFractionDigits }),
      date: (value: DateInput) => formatDate(value, timezone, lang),
      dateTime: (value: DateInput) => formatDateTime(value, timezone, lang),
      number: (value: Amount, options?: Intl.NumberFormatOptions) => formatNumber(value, lang, options),
      percent: (fraction: Amount, digits?: number) => formatPercent(fraction, lang, digits),
      cryptoSymbol,
      /** A crypto price (an exact decimal string) with its unit, the chain's native token, once the settings name it. */
      crypto: (amount: string) => (cryptoSymbol ? `${amount} ${cryptoSymbol}` : amount),
    }),
    [lang, timezone, currency, cryptoSymbol],
  );
}
