import { useState } from 'react';
import { Alert, Box, Button, Card, CardContent, CircularProgress, Typography } from '@mui/material';
import LockIcon from '@mui/icons-material/LockOutlined';
import { Form, PasswordInput, TextInput, email, required, useLogin, useTranslate } from 'react-admin';
import { LOGIN_MESSAGES, TwoFactorRequired } from '../../providers/authProvider';
import { LanguageToggle } from '../../layout/LanguageToggle';

export const DEFAULT_EMAIL = 'admin@rwa.dev';

/** Our own sentences are translated; the server's sentences are shown as it wrote them. */
const MESSAGE_KEYS: Record<string, string> = {
  [LOGIN_MESSAGES.failed]: 'app.login.errors.failed',
  [LOGIN_MESSAGES.missingToken]: 'app.login.errors.missing_token',
  [LOGIN_MESSAGES.retry]: 'app.login.errors.retry',
};

interface Credentials {
  email: string;
  password: string;
}

export function LoginPage() {
  const translate = useTranslate();
  const login = useLogin();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  /** Set once the password was right for an account with 2FA: the form asks for the code. */
  const [challenge, setChallenge] = useState<string | null>(null);

  const fail = (e: unknown) => {
    const message = e instanceof Error && e.message ? e.message : LOGIN_MESSAGES.retry;
    setError(MESSAGE_KEYS[message] ? translate(MESSAGE_KEYS[message]) : message);
    setBusy(false);
  };

  const submit = async (values: Partial<Credentials>) => {
    setBusy(true);
    setError(null);
    try {
      await login({ email: values.email?.trim(), password: values.password });
    } catch (e) {
      if (e instanceof TwoFactorRequired) {
        setChallenge(e.challenge);
        setBusy(false);
        return;
      }
      fail(e);
    }
  };

  const submitCode = async (values: { code?: string }) => {
    setBusy(true);
    setError(null);
    try {
      await login({ challenge, code: values.code?.trim() });
    } catch (e) {
      // An expired or used challenge: start again from the password.
      if (e instanceof Error && /expired or was already used/.test(e.message)) setChallenge(null);
      fail(e);
    }
  };

  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', bgcolor: 'grey.100', p: 2 }}>
      <Box sx={{ position: 'absolute', top: 16, right: 16 }}>
        <LanguageToggle color="default" />
      </Box>
      <Card sx={{ width: '100%', maxWidth: 400 }}>
        <CardContent sx={{ p: 4 }}>
          <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', mb: 2 }}>
            <LockIcon color="primary" sx={{ fontSize: 40, mb: 1 }} />
            <Typography variant="h5" component="h1">
              {translate('app.login.title')}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {translate('app.login.subtitle')}
            </Typography>
          </Box>
          {challenge ? (
            <Form key="code" onSubmit={submitCode} defaultValues={{ code: '' }} noValidate>
              {error && (
                <Alert severity="error" sx={{ mb: 2 }} data-testid="login-error">
                  {error}
                </Alert>
              )}
              <Typography variant="body2" sx={{ mb: 2 }}>{translate('app.login.code_step')}</Typography>
              <TextInput source="code" label="app.login.code" autoComplete="one-time-code" validate={required()} fullWidth disabled={busy} autoFocus />
              <Button type="submit" variant="contained" fullWidth disabled={busy} sx={{ mt: 2 }} startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}>
                {translate(busy ? 'app.login.verifying' : 'app.login.verify')}
              </Button>
              <Button fullWidth sx={{ mt: 1 }} disabled={busy} onClick={() => { setChallenge(null); setError(null); }}>
                {translate('app.login.start_over')}
              </Button>
            </Form>
          ) : (
          <Form key="password" onSubmit={submit} defaultValues={{ email: DEFAULT_EMAIL, password: '' }} noValidate>
            {error && (
              <Alert severity="error" sx={{ mb: 2 }} data-testid="login-error">
                {error}
              </Alert>
            )}
            <TextInput source="email" type="email" label="app.login.email" autoComplete="username" validate={[required(), email()]} fullWidth disabled={busy} />
            <PasswordInput source="password" label="app.login.password" autoComplete="current-password" validate={required()} fullWidth disabled={busy} />
            <Button type="submit" variant="contained" fullWidth disabled={busy} sx={{ mt: 2 }} startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}>
              {translate(busy ? 'app.login.submitting' : 'app.login.submit')}
            </Button>
          </Form>
          )}
        </CardContent>
      </Card>
    </Box>
  );
}

export default LoginPage;
