import { createTheme } from '@mui/material/styles';

/** Navy for trust, a touch of gold for the assets; the system font stack (no web font to download). */
export const theme = createTheme({
  palette: {
    primary: { main: '#1d3b5c' },
    secondary: { main: '#a87b12' },
    background: { default: '#f6f5f1', paper: '#ffffff' },
  },
  shape: { borderRadius: 10 },
  typography: {
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", "PingFang SC", "Microsoft YaHei", sans-serif',
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
