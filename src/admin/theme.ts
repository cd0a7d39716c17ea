import { defaultDarkTheme, defaultLightTheme, type RaThemeOptions } from 'react-admin';

/**
 * react-admin's light and dark themes, with one change: a coloured chip or button takes black or white text by
 * WCAG's 4.5:1 for normal text (MUI's default asks 3:1, so the dark theme's red and the light theme's orange chips
 * had white text that was hard to read).
 */
const readable = (theme: RaThemeOptions): RaThemeOptions => ({ ...theme, palette: { ...theme.palette, contrastThreshold: 4.5 } });

export const lightTheme = readable(defaultLightTheme);
export const darkTheme = readable(defaultDarkTheme);
