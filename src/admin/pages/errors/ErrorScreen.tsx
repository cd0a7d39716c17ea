import { Box, Button, Typography } from '@mui/material';
import ErrorIcon from '@mui/icons-material/ErrorOutline';
import { useTranslate } from 'react-admin';

interface ErrorViewProps {
  error?: unknown;
  /** passed in so that screens rendered outside react-admin's i18n context can use it too */
  translate: (key: string) => string;
  title?: string;
}

/** "Something went wrong": the error boundary's screen. */
export function ErrorView({ error, translate, title }: ErrorViewProps) {
  const message = error instanceof Error && error.message ? error.message : translate('app.error.unexpected');
  return (
    <Box
      role="alert"
      sx={{ p: 4, display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 2, textAlign: 'center' }}
    >
      <ErrorIcon color="error" sx={{ fontSize: 48 }} />
      <Typography variant="h5" component="h1">
        {title ?? translate('app.error.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ maxWidth: 640, wordBreak: 'break-word' }}>
        {message}
      </Typography>
      <Button variant="contained" onClick={() => window.location.reload()}>
        {translate('app.error.reload')}
      </Button>
    </Box>
  );
}

export function ErrorScreen({ error }: { error?: unknown }) {
  const translate = useTranslate();
  return <ErrorView error={error} translate={(key) => translate(key)} />;
}
