import { ToggleButton, ToggleButtonGroup } from '@mui/material';
import { LOCALES, isAppLocale, rememberLocale, type AppLocale } from '../providers/i18nProvider';

/** EN / 中文 as two toggle buttons; `onChange` gets the language picked. No react-admin: the login page uses it alone. */
export function LanguageButtons({
  value,
  label,
  onChange,
  color = 'inherit',
}: {
  value: string;
  label: string;
  onChange: (next: AppLocale) => void;
  color?: 'inherit' | 'default';
}) {
  return (
    <ToggleButtonGroup
      size="small"
      exclusive
      value={value}
      aria-label={label}
      onChange={(_, next: unknown) => {
        if (!isAppLocale(next)) return;
        rememberLocale(next);
        onChange(next);
      }}
      sx={{
        mx: 1,
        '& .MuiToggleButton-root': { color, borderColor: 'currentColor', py: 0.25, px: 1, textTransform: 'none' },
        '& .MuiToggleButton-root.Mui-selected': { color, bgcolor: 'rgba(255,255,255,0.24)', fontWeight: 700 },
      }}
    >
      {LOCALES.map(({ locale, name }) => (
        <ToggleButton key={locale} value={locale} lang={locale}>
          {name}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}
