import { useEffect, useRef, useState } from 'react';
import { Alert } from '@mui/material';
import { useSearchParams } from 'react-router-dom';
import { Loading } from '../components/Status';
import { useI18n } from '../i18n';
import { useSession } from '../session';

/**
 * The sign-up email's link (`/shop/account?confirm=…`): the token is sent once, the account is made and logged in
 * (the Account page then shows it); a used, expired or broken link shows the server's sentence above the forms.
 */
export default function ConfirmSignup() {
  const { m } = useI18n();
  const { confirmSignup } = useSession();
  const [params, setParams] = useSearchParams();
  const token = params.get('confirm');
  const sent = useRef<string | null>(null);
  const [error, setError] = useState('');

  useEffect(() => {
    if (!token || sent.current === token) return;
    sent.current = token;
    const fallback = m.account.signup.confirmFailed;
    confirmSignup(token, fallback)
      .catch((e: unknown) => setError(e instanceof Error && e.message ? e.message : fallback))
      .finally(() => setParams({}, { replace: true }));
  }, [token, confirmSignup, setParams, m]);

  if (error)
    return (
      <Alert severity="error" role="alert" sx={{ mb: 3 }}>
        {error}
      </Alert>
    );
  if (token) return <Loading label={m.account.signup.confirming} />;
  return null;
}
