import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { PaletteMode } from '@mui/material/styles';
import { ThemeProvider } from '@mui/material/styles';
import { themeFor } from './theme';

/** The visitor's choice, remembered per browser; until they choose, the system's preference applies. */
export const THEME_KEY = 'shop.theme';
const DARK_QUERY = '(prefers-color-scheme: dark)';

const isMode = (value: unknown): value is PaletteMode => value === 'light' || value === 'dark';

function storedMode(): PaletteMode | null {
  try {
    const value = localStorage.getItem(THEME_KEY);
    return isMode(value) ? value : null;
  } catch {
    return null;
  }
}

const systemMode = (): PaletteMode =>
  typeof matchMedia === 'function' && matchMedia(DARK_QUERY).matches ? 'dark' : 'light';

type ThemeMode = { mode: PaletteMode; toggle: () => void };
const ThemeModeContext = createContext<ThemeMode>({ mode: 'light', toggle: () => undefined });

export function ThemeModeProvider({ children }: { children: ReactNode }) {
  const [chosen, setChosen] = useState<PaletteMode | null>(storedMode);
  const [system, setSystem] = useState<PaletteMode>(systemMode);
  useEffect(() => {
    if (typeof matchMedia !== 'function') return;
    const query = matchMedia(DARK_QUERY);
    const follow = () => setSystem(query.matches ? 'dark' : 'light');
    query.addEventListener('change', follow);
    return () => query.removeEventListener('change', follow);
  }, []);
  const mode = chosen ?? system;
  const toggle = useCallback(() => {
    const next: PaletteMode = mode === 'dark' ? 'light' : 'dark';
    try {
      localStorage.setItem(THEME_KEY, next);
    } catch {
      /* private mode: the choice lasts for this page only */
    }
    setChosen(next);
  }, [mode]);
  const theme = useMemo(() => themeFor(mode), [mode]);
  const value = useMemo(() => ({ mode, toggle }), [mode, toggle]);
  return (
    <ThemeModeContext.Provider value={value}>
      <ThemeProvider theme={theme}>{children}</ThemeProvider>
    </ThemeModeContext.Provider>
  );
}

export const useThemeMode = () => useContext(ThemeModeContext);
