import type { Theme } from '@mui/material/styles';
import type { SystemStyleObject } from '@mui/system';

/**
 * The look of MUI's contained and text buttons for plain <a>/<button> elements. The first page (top bar, home)
 * uses these instead of <Button>, whose ripple machinery would add kilobytes to every visitor's first load.
 */
export function buttonSx(
  variant: 'contained' | 'text' | 'outlined',
  colour: 'primary' | 'secondary' | 'inherit' = 'primary',
): SystemStyleObject<Theme> {
  const main = colour === 'inherit' ? 'inherit' : `${colour}.main`;
  return {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    gap: 1,
    px: 2,
    py: 0.75,
    minHeight: 36,
    border: 1,
    borderColor: variant === 'outlined' ? 'currentColor' : 'transparent',
    borderRadius: 1.25,
    font: 'inherit',
    fontSize: '0.9375rem',
    fontWeight: 600,
    lineHeight: 1.5,
    textDecoration: 'none',
    cursor: 'pointer',
    whiteSpace: 'nowrap',
    transition: 'background-color 150ms, box-shadow 150ms',
    ...(variant === 'contained'
      ? {
          bgcolor: main,
          color: colour === 'inherit' ? 'inherit' : `${colour}.contrastText`,
          '&:hover': { bgcolor: colour === 'inherit' ? 'rgba(0,0,0,0.08)' : `${colour}.dark` },
        }
      : { bgcolor: 'transparent', color: main, '&:hover': { bgcolor: 'rgba(127,127,127,0.14)' } }),
    '&:focus-visible': {
      outline: '3px solid',
      outlineColor: colour === 'inherit' ? 'currentColor' : `${colour}.light`,
      outlineOffset: 2,
    },
    '&:disabled': { opacity: 0.6, cursor: 'default' },
  };
}
