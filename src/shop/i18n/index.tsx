import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import en from './en';
import { fillMessage, withTerms, type ErrorCode, type FieldMessage } from '../../common/errors-catalogue';
import { setErrorTranslator, type ErrorTranslator } from '../../lib/api';
import zh from './zh';

export type Messages = typeof en;
export const SHOP_LANGS = [
  { lang: 'en', name: 'EN' },
  { lang: 'zh', name: '中文' },
] as const;
export type ShopLang = (typeof SHOP_LANGS)[number]['lang'];

const CATALOGUES: Record<ShopLang, Messages> = { en, zh };

/** The same key as the admin's language choice, so a person who picked 中文 there sees it here too. */
export const LANG_KEY = 'locale';

export const isShopLang = (value: unknown): value is ShopLang => value === 'en' || value === 'zh';

export function storedLang(): ShopLang | null {
  try {
    const value = localStorage.getItem(LANG_KEY);
    return isShopLang(value) ? value : null;
  } catch {
    return null;
  }
}

function rememberLang(lang: ShopLang) {
  try {
    localStorage.setItem(LANG_KEY, lang);
  } catch {
    /* private mode: the choice lasts for this page only */
  }
}

/** "Showing {from}–{to}" + {from: 1, to: 12} → "Showing 1–12"; an unknown placeholder stays as written. */
export function fill(template: string, values: Record<string, string | number> = {}): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => (key in values ? String(values[key]) : whole));
}

/** The label of an enum value the API may grow: an unknown value is shown as the server wrote it. */
export function labelOf(labels: Record<string, string>, value: string | null | undefined): string {
  if (!value) return '';
  return Object.prototype.hasOwnProperty.call(labels, value) ? labels[value]! : value;
}

export const messagesFor = (lang: ShopLang): Messages => CATALOGUES[lang];

let chineseErrors: typeof import('../../common/errors-catalogue.zh') | null = null;

/** The server's sentences in Chinese, loaded when Chinese is first shown: they stay off the shop's first page. */
export async function loadChineseErrors(): Promise<void> {
  chineseErrors ??= await import('../../common/errors-catalogue.zh');
}

/** Server errors in `lang`: the catalogue's sentence for the code, filled with the params; English keeps the server's own sentence (so does Chinese until its sentences have loaded). */
export const errorTranslatorFor =
  (lang: ShopLang): ErrorTranslator =>
  (messageCode, params) => {
    const template = lang === 'en' ? undefined : chineseErrors?.ERROR_MESSAGES_ZH[messageCode as ErrorCode];
    return template === undefined ? undefined : fillMessage(template, withTerms(params, chineseErrors!.ERROR_TERMS_ZH));
  };

type I18n = {
  lang: ShopLang;
  m: Messages;
  /** The visitor's choice: remembered across visits. */
  setLang: (lang: ShopLang) => void;
  /** The site's configured language, used until the visitor picks one. */
  suggestLang: (lang: unknown) => void;
  /** The server's sentences in this language have loaded. */
  errorsLoaded: boolean;
};

const I18nContext = createContext<I18n>({
  lang: 'en',
  m: en,
  setLang: () => undefined,
  suggestLang: () => undefined,
  errorsLoaded: true,
});

export function I18nProvider({ children, initial }: { children: ReactNode; initial?: ShopLang }) {
  const [lang, setLangState] = useState<ShopLang>(() => initial ?? storedLang() ?? 'en');
  const setLang = useCallback((next: ShopLang) => {
    rememberLang(next);
    setLangState(next);
  }, []);
  const suggestLang = useCallback((next: unknown) => {
    if (!storedLang() && isShopLang(next)) setLangState(next);
  }, []);
  // Whether the Chinese sentences are in; English needs none (the server writes them).
  const [chineseLoaded, setChineseLoaded] = useState(() => chineseErrors !== null);
  const errorsLoaded = lang === 'en' || chineseLoaded;
  useEffect(() => {
    document.documentElement.lang = lang === 'zh' ? 'zh-CN' : 'en';
    // Answers arrive after the effects of the render that asked, so the transport already speaks `lang`.
    setErrorTranslator(errorTranslatorFor(lang));
    if (lang !== 'en') void loadChineseErrors().then(() => setChineseLoaded(true));
  }, [lang]);
  // A new value once the sentences are in, so that what showed a server sentence shows it again, translated.
  const value = useMemo(
    () => ({ lang, m: CATALOGUES[lang], setLang, suggestLang, errorsLoaded }),
    [lang, setLang, suggestLang, errorsLoaded],
  );
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

export const useI18n = () => useContext(I18nContext);

/** A sentence the server wrote (a cart line's problem, a coupon's verdict) in the visitor's language when its code is known. */
export function useServerText() {
  const { lang, errorsLoaded } = useI18n();
  return useCallback(
    (english: string, said?: FieldMessage | null) =>
      (said && errorsLoaded ? errorTranslatorFor(lang)(said.messageCode, said.params) : undefined) ?? english,
    [lang, errorsLoaded],
  );
}
