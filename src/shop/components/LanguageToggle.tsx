import { Box } from '@mui/material';
import { SHOP_LANGS, useI18n } from '../i18n';
import { buttonSx } from './plain';

/** EN / 中文: two buttons, the current one pressed (for a dark bar: it takes the bar's text colour). */
export function LanguageToggle() {
  const { lang, m, setLang } = useI18n();
  return (
    <Box
      role="group"
      aria-label={m.app.language}
      sx={{
        display: 'flex',
        flexShrink: 0,
        border: 1,
        borderColor: 'rgba(255,255,255,0.5)',
        borderRadius: 1.5,
        overflow: 'hidden',
      }}
    >
      {SHOP_LANGS.map(({ lang: value, name }) => (
        <Box
          component="button"
          type="button"
          key={value}
          lang={value}
          aria-pressed={lang === value}
          onClick={() => setLang(value)}
          sx={[
            buttonSx('text', 'inherit'),
            {
              minHeight: 30,
              px: 1.25,
              py: 0.25,
              borderRadius: 0,
              fontSize: 14,
              fontWeight: lang === value ? 700 : 400,
            },
            lang === value && { bgcolor: 'rgba(255,255,255,0.22)' },
          ]}
        >
          {name}
        </Box>
      ))}
    </Box>
  );
}
