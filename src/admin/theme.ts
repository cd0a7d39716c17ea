import { defaultDarkTheme, defaultLightTheme, type RaThemeOptions } from 'react-admin';
import { reducedMotion } from '../lib/reduced-motion';

/**
 * react-admin's light and dark themes, made to pass WCAG 2.1 AA:
 * - every palette colour used as text (primary and error buttons, the warning Suspend button, links, tabs) keeps
 *   4.5:1 against the page, the toolbars and a selected row; the light app bar (secondary) keeps 4.5:1 under white
 *   text, also under the selected language button's tint;
 * - a coloured chip or button takes black or white text by 4.5:1 (MUI's default asks 3:1);
 * - a keyboard's focus shows as a 2px outline at 3:1 or more against what surrounds it (MUI shows only a faint
 *   background tint), in the page's primary colour and in the app bar's own text colour.
 */
const focusRing = (colour: string) => ({ outline: `2px solid ${colour}`, outlineOffset: 2 });

type CheckboxOwner = { 'aria-label'?: string; inputProps?: Record<string, unknown> };
const checkboxInputName = (owner: CheckboxOwner) => ({
  ...owner.inputProps,
  ...(owner['aria-label'] && { 'aria-label': owner['aria-label'] }),
});
const checkboxRootName = (owner: CheckboxOwner) => (owner['aria-label'] ? { 'aria-label': undefined } : {});

const accessible = (
  theme: RaThemeOptions,
  palette: RaThemeOptions['palette'],
  ring: string,
  toolbar: string,
): RaThemeOptions => ({
  ...theme,
  palette: { ...theme.palette, ...palette, contrastThreshold: 4.5 },
  components: {
    ...theme.components,
    MuiCssBaseline: {
      styleOverrides: {
        // Links and what else takes focus outside MUI's buttons (a table row, a scrolling table, the page's heading).
        'a:focus-visible, [tabindex]:focus-visible': focusRing(ring),
        ...reducedMotion,
      },
    },
    MuiButtonBase: { styleOverrides: { root: { '&.Mui-focusVisible': focusRing(ring) } } },
    MuiTableRow: { styleOverrides: { root: { '&:focus-visible': { ...focusRing(ring), outlineOffset: -2 } } } },
    MuiAppBar: {
      styleOverrides: {
        root: { '& .Mui-focusVisible, & :focus-visible': { outlineColor: 'currentColor' } },
      },
    },
    RaToolbar: { styleOverrides: { root: { backgroundColor: toolbar } } },
    // A checkbox named by an `aria-label` prop (react-admin's row selection) is named on its input, where a screen
    // reader looks, rather than on the span around it.
    MuiCheckbox: { defaultProps: { slotProps: { input: checkboxInputName, root: checkboxRootName } } },
    // Tabs wider than a phone scroll, with arrows, instead of cutting the last ones off.
    MuiTabs: { defaultProps: { variant: 'scrollable', scrollButtons: 'auto', allowScrollButtonsMobile: true } },
    // A list's buttons wrap onto a second line on a phone instead of running off the screen's edge.
    RaTopToolbar: { styleOverrides: { root: { flexWrap: 'wrap' } } },
    // A record's page, form or new record is as wide as the window at most: its card (a flex item, which would grow to
    // its widest line) shrinks, so long ids wrap and wide tables scroll in their own box on a phone.
    RaShow: { styleOverrides: { root: { '& .RaShow-card': { minWidth: 0 } } } },
    RaEdit: { styleOverrides: { root: { '& .RaEdit-card': { minWidth: 0 } } } },
    RaCreate: { styleOverrides: { root: { '& .RaCreate-card': { minWidth: 0 } } } },
  },
});

export const lightTheme = accessible(
  defaultLightTheme,
  {
    primary: { main: '#1565c0' },
    secondary: { light: '#5472d3', main: '#0d47a1', dark: '#002171', contrastText: '#fff' },
    error: { main: '#c62828' },
    warning: { main: '#a34e00' },
    info: { main: '#01579b' },
    success: { main: '#1b5e20' },
  },
  '#1565c0',
  '#f5f5f5',
);

export const darkTheme = accessible(
  defaultDarkTheme,
  {
    error: { main: '#ef9a9a' },
    success: { main: '#81c784' },
    info: { main: '#4fc3f7' },
    secondary: { main: '#e1bee7' },
  },
  '#90caf9',
  '#424242',
);
