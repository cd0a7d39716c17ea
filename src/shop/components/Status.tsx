import { keyframes } from '@emotion/react';
import { Box, Typography } from '@mui/material';
import { buttonSx } from './plain';

const spin = keyframes`to { transform: rotate(360deg); }`;

/** A spinner (CSS, not MUI's CircularProgress: this is on the first page) with its sentence, announced to screen readers. */
export function Loading({ label }: { label: string }) {
  return (
    <Box
      role="status"
      aria-live="polite"
      sx={{ display: 'flex', alignItems: 'center', gap: 2, py: 6, justifyContent: 'center' }}
    >
      <Box
        aria-hidden
        sx={{
          width: 28,
          height: 28,
          borderRadius: '50%',
          border: 3,
          borderColor: 'divider',
          borderTopColor: 'primary.main',
          animation: `${spin} 0.8s linear infinite`,
        }}
      />
      <Typography color="text.secondary">{label}</Typography>
    </Box>
  );
}

/** An error sentence, with a retry button when the action can be repeated (plain boxes: this is on the first page). */
export function ErrorText({
  message,
  retry,
  retryLabel,
}: {
  message: string;
  retry?: () => void;
  retryLabel?: string;
}) {
  return (
    <Box
      role="alert"
      sx={{
        my: 2,
        px: 2,
        py: 1.5,
        display: 'flex',
        alignItems: 'center',
        gap: 2,
        flexWrap: 'wrap',
        borderRadius: 2,
        border: 1,
        borderColor: 'error.light',
        bgcolor: (theme) => TONES[theme.palette.mode].error.bg,
        color: (theme) => TONES[theme.palette.mode].error.fg,
      }}
    >
      <Typography sx={{ flex: '1 1 240px' }}>{message}</Typography>
      {retry && retryLabel && (
        <Box
          component="button"
          type="button"
          onClick={retry}
          sx={[buttonSx('outlined', 'inherit'), { minHeight: 30, py: 0.25, fontSize: 14 }]}
        >
          {retryLabel}
        </Box>
      )}
    </Box>
  );
}

/** Nothing to show: one calm sentence. */
export function Empty({ children }: { children: string }) {
  return (
    <Box
      sx={{
        py: 6,
        textAlign: 'center',
        color: 'text.secondary',
        border: 1,
        borderColor: 'divider',
        borderStyle: 'dashed',
        borderRadius: 2,
      }}
    >
      <Typography>{children}</Typography>
    </Box>
  );
}

export type TagTone = 'neutral' | 'info' | 'success' | 'warning' | 'error' | 'gold';

type Tone = { bg: string; fg: string; border: string };

/** Light tints with dark text by day; deep tints with light text on the dark page. */
const TONES: Record<'light' | 'dark', Record<TagTone, Tone>> = {
  light: {
    neutral: { bg: '#eceae4', fg: '#3d3d3a', border: '#eceae4' },
    info: { bg: '#e3effb', fg: '#0b4a82', border: '#e3effb' },
    success: { bg: '#e5f4e8', fg: '#1b5e20', border: '#e5f4e8' },
    warning: { bg: '#fff1d6', fg: '#7a4b00', border: '#fff1d6' },
    error: { bg: '#fde8e8', fg: '#8e1b1b', border: '#fde8e8' },
    gold: { bg: 'transparent', fg: '#7d5b0c', border: '#a87b12' },
  },
  dark: {
    neutral: { bg: '#2c3138', fg: '#e4e2dc', border: '#2c3138' },
    info: { bg: '#12324f', fg: '#a9d1f7', border: '#12324f' },
    success: { bg: '#173a1f', fg: '#a5dcae', border: '#173a1f' },
    warning: { bg: '#3f2d08', fg: '#f5cf83', border: '#3f2d08' },
    error: { bg: '#4a1717', fg: '#f6b1b1', border: '#4a1717' },
    gold: { bg: 'transparent', fg: '#e0bb5a', border: '#d4a73a' },
  },
};

/** A small label (type, status): a span, lighter than MUI's Chip on the first page. */
export function Tag({ tone = 'neutral', children }: { tone?: TagTone; children: string }) {
  return (
    <Box
      component="span"
      sx={(theme) => ({
        display: 'inline-block',
        px: 1,
        py: 0.25,
        borderRadius: 999,
        fontSize: 12.5,
        fontWeight: 600,
        lineHeight: 1.6,
        whiteSpace: 'nowrap',
        bgcolor: TONES[theme.palette.mode][tone].bg,
        color: TONES[theme.palette.mode][tone].fg,
        border: 1,
        borderColor: TONES[theme.palette.mode][tone].border,
      })}
    >
      {children}
    </Box>
  );
}
