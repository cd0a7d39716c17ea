/**
 * For whoever asks their system for less motion (WCAG 2.3.3), in the admin and the shop alike (each theme's
 * CssBaseline): MUI's transitions (drawers, dialogs, menus, collapses) end at once, a click sends no ripple and a
 * placeholder does not shimmer. Loading spinners keep turning: they tell that something is under way. Transitions go
 * to `none`, not to a tiny duration: that would give every element a transition of all its properties (a focus ring
 * then grew from nothing over a frame). Nothing here waits for a transition's end event; MUI times its own.
 * The browser tests ask for less motion too: a click then never waits for a drawer or a dialog to stop moving.
 */
export const reducedMotion = {
  '@media (prefers-reduced-motion: reduce)': {
    '*, *::before, *::after': { transition: 'none !important', scrollBehavior: 'auto !important' },
    '.MuiTouchRipple-root': { display: 'none' },
    '.MuiSkeleton-root, .MuiSkeleton-root::after': { animation: 'none !important' },
  },
} as const;
