import { Box } from '@mui/material';
import { useI18n } from '../i18n';
import { useThemeMode } from '../themeMode';
import { buttonSx } from './plain';

const MOON = 'M12 3a9 9 0 1 0 9 9c0-.46-.04-.92-.1-1.36a5.39 5.39 0 0 1-4.4 2.26 5.4 5.4 0 0 1-3.14-9.8A9 9 0 0 0 12 3';
const SUN =
  'M12 7a5 5 0 1 0 0 10 5 5 0 0 0 0-10M2 13h2a1 1 0 0 0 0-2H2a1 1 0 0 0 0 2m18 0h2a1 1 0 0 0 0-2h-2a1 1 0 0 0 0 2M11 2v2a1 1 0 0 0 2 0V2a1 1 0 0 0-2 0m0 18v2a1 1 0 0 0 2 0v-2a1 1 0 0 0-2 0M5.99 4.58a1 1 0 0 0-1.41 1.41l1.06 1.06a1 1 0 0 0 1.41-1.41zm12.37 12.37a1 1 0 0 0-1.41 1.41l1.06 1.06a1 1 0 0 0 1.41-1.41zm1.06-10.96a1 1 0 0 0-1.41-1.41l-1.06 1.06a1 1 0 0 0 1.41 1.41zM7.05 18.36a1 1 0 0 0-1.41-1.41l-1.06 1.06a1 1 0 0 0 1.41 1.41z';

/** Light / dark: one button showing the mode it switches to (an inline icon: no icon package on the first page). */
export function ThemeToggle() {
  const { m } = useI18n();
  const { mode, toggle } = useThemeMode();
  const label = mode === 'dark' ? m.app.themeLight : m.app.themeDark;
  return (
    <Box
      component="button"
      type="button"
      onClick={toggle}
      aria-label={label}
      title={label}
      data-testid="theme-toggle"
      sx={[buttonSx('text', 'inherit'), { minWidth: 0, minHeight: 34, px: 0.75, flexShrink: 0 }]}
    >
      <Box component="svg" viewBox="0 0 24 24" aria-hidden sx={{ width: 22, height: 22, fill: 'currentColor' }}>
        <path d={mode === 'dark' ? SUN : MOON} />
      </Box>
    </Box>
  );
}
