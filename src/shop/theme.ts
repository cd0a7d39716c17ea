import { createTheme, type PaletteMode } from '@mui/material/styles';

/** Navy for trust, a touch of gold for the assets; the system font stack (no web font to download). */
const PALETTES = {
  light: {
    primary: { main: '#1d3b5c' },
    secondary: { main: '#a87b12' },
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
    palette: { mode, ...PALETTES[mode] },
    shape: { borderRadius: 10 },
    typography: {
      fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", "Noto Sans CJK SC", "PingFang SC", "Microsoft YaHei", sans-serif',
      h1: { fontSize: '2.25rem', fontWeight: 700 },
      h2: { fontSize: '1.5rem', fontWeight: 650 },
      h3: { fontSize: '1.15rem', fontWeight: 650 },
    },
    components: {
      MuiButton: { defaultProps: { disableElevation: true }, styleOverrides: { root: { textTransform: 'none', fontWeight: 600 } } },
      MuiCard: { defaultProps: { variant: 'outlined' } },
      MuiTextField: { defaultProps: { fullWidth: true, size: 'small' } },
    },
  });
}

/** The hosted payment pages keep the light look whatever the shop's mode, as a provider's own page would. */
export const lightTheme = themeFor('light');
