import { useMemo } from 'react';
import { formatDate, formatDateTime, formatMoney, formatNumber, formatPercent, type DateInput } from '../lib/format';
import { useI18n } from './i18n';
import { useSettings } from './settings';

/** The shared formatting module bound to the shop's language and the site's time zone and currency. */
export function useFormat() {
  const { lang } = useI18n();
  const { settings } = useSettings();
  const timezone = settings?.timezone ?? 'UTC';
  const currency = settings?.currency ?? 'USD';
  return useMemo(
    () => ({
      currency,
      money: (amount: number | string | null | undefined, cur: string = currency) => formatMoney(amount, cur, lang),
      date: (value: DateInput) => formatDate(value, timezone, lang),
      dateTime: (value: DateInput) => formatDateTime(value, timezone, lang),
      number: (value: number | string | null | undefined) => formatNumber(value, lang),
      percent: (fraction: number) => formatPercent(fraction, lang),
    }),
    [lang, timezone, currency],
  );
}
