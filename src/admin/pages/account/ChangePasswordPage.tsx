import { useState, type FormEvent } from 'react';
import { Alert, Button, Stack, TextField } from '@mui/material';
import { useNotify, useTranslate } from 'react-admin';
import { Navigate, useNavigate } from 'react-router-dom';
import { MIN_PASSWORD_LENGTH } from '../../../common/users';
import { ApiError, apiSend } from '../../../lib/api';
import { refreshIdentity } from '../../providers/authProvider';
import { AccountCard } from './AccountCard';
import { useRestriction } from './useRestriction';

type Fields = { currentPassword?: string; newPassword?: string; repeat?: string };

/** The user changes their own password (required before anything else after an admin reset it). */
export default function ChangePasswordPage() {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const { restriction, loggedIn } = useRestriction();
  const [values, setValues] = useState({ currentPassword: '', newPassword: '', repeat: '' });
  const [fields, setFields] = useState<Fields>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  if (!loggedIn) return <Navigate to="/login" replace />;
  const restricted = restriction === 'password_change';

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    if (values.newPassword !== values.repeat) {
      setFields({ repeat: translate('app.account.password.mismatch') });
      return;
    }
    setFields({});
    setBusy(true);
    try {
      await apiSend('POST', '/api/auth/password', {
        currentPassword: values.currentPassword,
        newPassword: values.newPassword,
      });
      const me = await refreshIdentity().catch(() => null);
      notify('app.account.password.changed', { type: 'success' });
      navigate(me?.restriction === 'two_factor_enrolment' ? '/two-factor' : '/', { replace: true });
    } catch (err) {
      if (err instanceof ApiError && err.fields) setFields(err.fields as Fields);
      setError(err instanceof Error ? err.message : String(err));
      setBusy(false);
    }
  };

  const field = (name: keyof typeof values, label: string, autoComplete: string, helper?: string) => (
    <TextField
      type="password"
      name={name}
      label={label}
      value={values[name]}
      required
      fullWidth
      disabled={busy}
      autoComplete={autoComplete}
      onChange={(e) => setValues((v) => ({ ...v, [name]: e.target.value }))}
      error={!!fields[name]}
      helperText={fields[name] ?? helper ?? ' '}
    />
  );

  return (
    <AccountCard title={translate('app.account.password.title')} restricted={restricted}>
      <Stack spacing={1} component="form" onSubmit={submit} noValidate>
        {restricted && (
          <Alert severity="warning" sx={{ mb: 1 }}>
            {translate('app.account.password.reset_notice')}
          </Alert>
        )}
        {error && (
          <Alert severity="error" sx={{ mb: 1 }}>
            {error}
          </Alert>
        )}
        {field('currentPassword', translate('app.account.password.current'), 'current-password')}
        {field(
          'newPassword',
          translate('app.account.password.next'),
          'new-password',
          translate('app.account.password.min', { count: MIN_PASSWORD_LENGTH }),
        )}
        {field('repeat', translate('app.account.password.repeat'), 'new-password')}
        <Button type="submit" variant="contained" disabled={busy}>
          {translate('app.account.password.submit')}
        </Button>
      </Stack>
    </AccountCard>
  );
}
