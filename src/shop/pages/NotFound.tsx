import { Box, Button, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { useI18n } from '../i18n';
import { useSiteName } from '../settings';
import { useTitle } from '../components/useTitle';

/** A heading, a sentence and, when given, a button to somewhere useful. */
export function NotFoundMessage({
  title,
  text,
  to,
  action,
}: {
  title: string;
  text: string;
  to?: string;
  action?: string;
}) {
  return (
    <Box sx={{ py: 6, textAlign: 'center' }}>
      <Typography variant="h1" sx={{ mb: 1 }}>
        {title}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {text}
      </Typography>
      {to && action && (
        <Button variant="contained" component={RouterLink} to={to}>
          {action}
        </Button>
      )}
    </Box>
  );
}

export default function NotFound() {
  const { m } = useI18n();
  useTitle(m.app.notFoundTitle, useSiteName(m.app.defaultSiteName));
  return <NotFoundMessage title={m.app.notFoundTitle} text={m.app.notFoundText} to="/" action={m.app.backHome} />;
}
