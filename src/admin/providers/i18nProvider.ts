import polyglotI18nProvider from 'ra-i18n-polyglot';
import en from '../i18n/en';
import { withTerms } from '../../common/errors-catalogue';
import { ERROR_TERMS_ZH } from '../../common/errors-catalogue.zh';
import { setErrorTranslator } from '../../lib/api';

export const LOCALES = [
  { locale: 'en', name: 'EN' },
  { locale: 'zh', name: '中文' },
] as const;
export type AppLocale = (typeof LOCALES)[number]['locale'];

/** The user's language choice; kept outside react-admin's store because logout resets that store. */
export const LOCALE_KEY = 'locale';

export const isAppLocale = (value: unknown): value is AppLocale => value === 'en' || value === 'zh';

export function storedLocale(): AppLocale | null {
  try {
    const value = localStorage.getItem(LOCALE_KEY);
    return isAppLocale(value) ? value : null;
  } catch {
    return null;
  }
}

export function rememberLocale(locale: AppLocale): void {
  try {
    localStorage.setItem(LOCALE_KEY, locale);
  } catch {
    /* private mode: the choice lasts for this page only */
  }
}

type Messages = typeof en;

/**
 * English is in the first bundle; Chinese is a chunk of its own, fetched when it is chosen (before the first screen
 * when it is the stored choice: `applyStoredLocale`), so the login page downloads one language.
 */
let zh: Messages | null = null;
const loadChinese = async () => (zh ??= (await import('../i18n/zh')).default);

export const i18nProvider = polyglotI18nProvider(
  (locale) => (locale === 'zh' ? (zh ?? loadChinese()) : en),
  'en',
  [...LOCALES],
  { allowMissing: true },
);

/** Before the first screen renders: the stored language, its catalogue fetched when it is not English. */
export async function applyStoredLocale(): Promise<void> {
  const locale = storedLocale();
  if (locale && locale !== i18nProvider.getLocale()) await i18nProvider.changeLocale(locale);
}

/** Server errors in the chosen language: `errors.<messageCode>` with its params; English keeps the server's own sentence. */
setErrorTranslator((messageCode, params) =>
  i18nProvider.getLocale() !== 'en' && zh && Object.hasOwn(zh.errors, messageCode)
    ? i18nProvider.translate(`errors.${messageCode}`, withTerms(params, ERROR_TERMS_ZH))
    : undefined,
);

export default i18nProvider;
