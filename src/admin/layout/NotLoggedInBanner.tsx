import { useState } from 'react';
import { Alert, Link } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import { useHasToken } from '../hooks/useHasToken';

/** The yellow "not logged in" notice; dismissing it hides it until the page is reloaded. */
export function NotLoggedInBanner() {
  const hasToken = useHasToken();
  const [dismissed, setDismissed] = useState(false);
  const translate = useTranslate();
  if (hasToken || dismissed) return null;
  return (
    <Alert
      severity="warning"
      variant="filled"
      onClose={() => setDismissed(true)}
      sx={{ borderRadius: 0, bgcolor: '#fdd835', color: 'rgba(0,0,0,0.87)' }}
      data-testid="not-logged-in-banner"
    >
      <Link component={RouterLink} to="/login" color="inherit" underline="always">
        {translate('app.layout.not_logged_in')}
      </Link>
    </Alert>
  );
}
