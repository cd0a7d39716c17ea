import { CssBaseline, ThemeProvider, createTheme, useMediaQuery } from '@mui/material';
import { useMemo } from 'react';
import { darkTheme, lightTheme } from '../../theme';
import LoginPage from './LoginPage';

/** The light or dark choice react-admin keeps in its store (the app bar's toggle), if the user made one. */
function rememberedMode(): 'light' | 'dark' | null {
  try {
    const value: unknown = JSON.parse(localStorage.getItem('RaStore.theme') ?? 'null');
    return value === 'light' || value === 'dark' ? value : null;
  } catch {
    return null;
  }
}

/** The login page on its own, before anyone logs in: the admin's theme in the mode the admin would show. */
export default function LoginApp() {
  const prefersDark = useMediaQuery('(prefers-color-scheme: dark)', { noSsr: true });
  const dark = (rememberedMode() ?? (prefersDark ? 'dark' : 'light')) === 'dark';
  const theme = useMemo(() => createTheme(dark ? darkTheme : lightTheme), [dark]);
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      {/* A page of its own: any router state in the history entry is an earlier app's, not a page to return to. */}
      <LoginPage returnToPrevious={false} />
    </ThemeProvider>
  );
}
