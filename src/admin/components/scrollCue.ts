import type { Theme } from '@mui/material';

/**
 * A box that scrolls sideways when its table is wider than it, with a shadow on each side that has more to see: two
 * covers in the box's colour scroll with the content and hide a shadow once its end is reached (the "scroll shadows"
 * of Lea Verou's CSS Secrets). Its cells must be transparent for the shadows to show through, as MUI's body cells are.
 */
export const scrollCue = (theme: Theme) => {
  const paper = theme.palette.background.paper;
  const shade = theme.palette.mode === 'dark' ? 'rgba(255, 255, 255, 0.35)' : 'rgba(0, 0, 0, 0.3)';
  return {
    overflowX: 'auto',
    background: [
      `linear-gradient(to right, ${paper} 30%, transparent) left center / 40px 100% no-repeat local`,
      `linear-gradient(to left, ${paper} 30%, transparent) right center / 40px 100% no-repeat local`,
      `linear-gradient(to right, ${shade}, transparent) left center / 16px 100% no-repeat scroll`,
      `linear-gradient(to left, ${shade}, transparent) right center / 16px 100% no-repeat scroll`,
    ].join(', '),
    backgroundColor: paper,
  } as const;
};
