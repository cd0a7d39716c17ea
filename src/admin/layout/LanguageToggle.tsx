import { useEffect } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';
import { isAppLocale, storedLocale } from '../providers/i18nProvider';
import { LanguageButtons } from './LanguageButtons';
import { usePublicSettings } from '../hooks/usePublicSettings';

/** The app bar's EN / 中文: switches the catalogue at once and remembers the choice across logouts. */
export function LanguageToggle({ color = 'inherit' }: { color?: 'inherit' | 'default' }) {
  const [locale, setLocale] = useLocaleState();
  const translate = useTranslate();
  const siteLanguage = usePublicSettings()?.language;
  // Until the user picks a language, the site's configured language applies.
  useEffect(() => {
    if (!storedLocale() && isAppLocale(siteLanguage)) setLocale(siteLanguage);
  }, [siteLanguage, setLocale]);
  return <LanguageButtons value={locale} label={translate('app.layout.language')} onChange={setLocale} color={color} />;
}
