import { createTheme, type PaletteMode } from '@mui/material/styles';
import { reducedMotion } from '../lib/reduced-motion';

/** Navy for trust, a touch of gold for the assets; the system font stack (no web font to download). */
const PALETTES = {
  light: {
    primary: { main: '#1d3b5c' },
    // Deep enough gold, orange and blue that white text on them, and they as text on the page, keep 4.5:1.
    secondary: { main: '#8a6410' },
    warning: { main: '#a34e00' },
    info: { main: '#01579b' },
    success: { main: '#1b5e20' },
    error: { main: '#c62828' },
    background: { default: '#f6f5f1', paper: '#ffffff' },
  },
  // The same navy and gold, lifted so that text and buttons keep their contrast on a dark page.
  dark: {
    primary: { main: '#8db4dc', contrastText: '#0d1b2a' },
    secondary: { main: '#d4a73a', contrastText: '#1a1304' },
    background: { default: '#11161c', paper: '#1a2129' },
  },
} as const;

export function themeFor(mode: PaletteMode) {
  return createTheme({
    // A coloured chip or button takes black or white text by 4.5:1, not MUI's 3:1.
    palette: { mode, contrastThreshold: 4.5, ...PALETTES[mode] },
    shape: { borderRadius: 10 },
    typography: {
      fontFamily:
        'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", "Noto Sans CJK SC", "PingFang SC", "Microsoft YaHei", sans-serif',
      h1: { fontSize: '2.25rem', fontWeight: 700 },
      h2: { fontSize: '1.5rem', fontWeight: 650 },
      h3: { fontSize: '1.15rem', fontWeight: 650 },
    },
    components: {
      // A keyboard's focus as a 2px outline in the primary colour (MUI shows only a faint tint).
      MuiButtonBase: {
        styleOverrides: {
          root: { '&.Mui-focusVisible': { outline: `2px solid ${PALETTES[mode].primary.main}`, outlineOffset: 2 } },
        },
      },
      MuiCssBaseline: {
        styleOverrides: {
          'a:focus-visible, [tabindex]:focus-visible': {
            outline: `2px solid ${PALETTES[mode].primary.main}`,
            outlineOffset: 2,
          },
          ...reducedMotion,
        },
      },
      MuiButton: {
        defaultProps: { disableElevation: true },
        styleOverrides: { root: { textTransform: 'none', fontWeight: 600 } },
      },
      MuiCard: { defaultProps: { variant: 'outlined' } },
      MuiTextField: { defaultProps: { fullWidth: true, size: 'small' } },
    },
  });
}

/** The hosted payment pages keep the light look whatever the shop's mode, as a provider's own page would. */
export const lightTheme = themeFor('light');
