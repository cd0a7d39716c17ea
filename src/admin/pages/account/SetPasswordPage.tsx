import { useState, type FormEvent } from 'react';
import { Alert, Button, Stack, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link, useSearchParams } from 'react-router-dom';
import { MIN_PASSWORD_LENGTH } from '../../../common/users';
import { ApiError, apiSend } from '../../../lib/api';
import { AccountCard } from './AccountCard';

type Fields = { password?: string; repeat?: string };

/**
 * /set-password?token=…: anyone holding a one-time set-password link (a new user's invitation, an admin's reset;
 * staff and shoppers alike) chooses their password here without logging in; then they log in with it.
 */
export default function SetPasswordPage() {
  const translate = useTranslate();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [values, setValues] = useState({ password: '', repeat: '' });
  const [fields, setFields] = useState<Fields>({});
  const [error, setError] = useState<string | null>(token ? null : translate('app.account.set_password.no_token'));
  const [doneFor, setDoneFor] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const t = (key: string, options?: Record<string, unknown>) => translate(`app.account.set_password.${key}`, options);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    if (values.password !== values.repeat) {
      setFields({ repeat: t('mismatch') });
      return;
    }
    setFields({});
    setBusy(true);
    try {
      const answer = await apiSend<{ email: string }>(
        'POST',
        '/api/auth/set-password',
        { token, password: values.password },
        { public: true },
      );
      setDoneFor(answer.email);
    } catch (err) {
      // A field's sentence shows under its input; any other refusal (a used or expired link) above the form.
      if (err instanceof ApiError && err.fields) setFields(err.fields as Fields);
      else setError(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };

  const actions = (
    <>
      <Button component={Link} to="/login">
        {t('login')}
      </Button>
      <Button component="a" href="/shop">
        {t('shop')}
      </Button>
    </>
  );

  if (doneFor) {
    return (
      <AccountCard title={t('title')} restricted actions={actions}>
        <Alert severity="success" data-testid="set-password-done">
          {t('done', { email: doneFor })}
        </Alert>
      </AccountCard>
    );
  }

  const field = (name: keyof typeof values, label: string, helper?: string) => (
    <TextField
      type="password"
      name={name}
      label={label}
      value={values[name]}
      required
      fullWidth
      disabled={busy || !token}
      autoComplete="new-password"
      onChange={(e) => setValues((v) => ({ ...v, [name]: e.target.value }))}
      error={!!fields[name]}
      helperText={fields[name] ?? helper ?? ' '}
    />
  );

  return (
    <AccountCard title={t('title')} restricted actions={actions}>
      <Stack spacing={1} component="form" onSubmit={submit} noValidate>
        <Alert severity="info" sx={{ mb: 1 }}>
          {t('intro')}
        </Alert>
        {error && (
          <Alert severity="error" sx={{ mb: 1 }} data-testid="set-password-error">
            {error}
          </Alert>
        )}
        {field('password', t('next'), translate('app.account.password.min', { count: MIN_PASSWORD_LENGTH }))}
        {field('repeat', t('repeat'))}
        <Button type="submit" variant="contained" disabled={busy || !token}>
          {t(busy ? 'submitting' : 'submit')}
        </Button>
      </Stack>
    </AccountCard>
  );
}
