import { Component, type ReactNode } from 'react';
import { Box, Typography } from '@mui/material';
import { fill, useI18n } from '../i18n';
import { buttonSx } from './plain';

/** A screen that failed to render (or whose code failed to load): the reason and a way to try again. */
function ScreenFailed({ error }: { error: unknown }) {
  const { m } = useI18n();
  const message = error instanceof Error ? error.message : String(error ?? '');
  return (
    <Box role="alert" sx={{ p: 4, maxWidth: 640, mx: 'auto' }}>
      <Typography variant="h1" sx={{ fontSize: '1.5rem', mb: 2 }}>
        {fill(m.app.screenFailed, { message })}
      </Typography>
      <Box component="button" type="button" onClick={() => window.location.reload()} sx={buttonSx('contained')}>
        {m.app.retry}
      </Box>
    </Box>
  );
}

/** Give it a `key` that changes with the address, so moving to another screen leaves the failed one behind. */
export class ErrorBoundary extends Component<{ children: ReactNode }, { error: unknown }> {
  state = { error: null as unknown };

  static getDerivedStateFromError(error: unknown) {
    return { error: error ?? new Error('Unknown error') };
  }

  render() {
    return this.state.error ? <ScreenFailed error={this.state.error} /> : this.props.children;
  }
}
