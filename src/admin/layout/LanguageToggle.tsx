import { useEffect } from 'react';
import { ToggleButton, ToggleButtonGroup } from '@mui/material';
import { useLocaleState, useTranslate } from 'react-admin';
import { LOCALES, isAppLocale, rememberLocale, storedLocale } from '../providers/i18nProvider';
import { usePublicSettings } from '../hooks/usePublicSettings';

/** EN / 中文: switches the catalogue at once and remembers the choice across logouts. */
export function LanguageToggle({ color = 'inherit' }: { color?: 'inherit' | 'default' }) {
  const [locale, setLocale] = useLocaleState();
  const translate = useTranslate();
  const siteLanguage = usePublicSettings()?.language;
  // Until the user picks a language, the site's configured language applies.
  useEffect(() => {
    if (!storedLocale() && isAppLocale(siteLanguage)) setLocale(siteLanguage);
  }, [siteLanguage, setLocale]);
  return (
    <ToggleButtonGroup
      size="small"
      exclusive
      value={locale}
      aria-label={translate('app.layout.language')}
      onChange={(_, next: unknown) => {
        if (!isAppLocale(next)) return;
        rememberLocale(next);
        setLocale(next);
      }}
      sx={{
        mx: 1,
        '& .MuiToggleButton-root': { color, borderColor: 'currentColor', py: 0.25, px: 1, textTransform: 'none' },
        '& .MuiToggleButton-root.Mui-selected': { color, bgcolor: 'rgba(255,255,255,0.24)', fontWeight: 700 },
      }}
    >
      {LOCALES.map(({ locale: value, name }) => (
        <ToggleButton key={value} value={value} lang={value}>
          {name}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}
