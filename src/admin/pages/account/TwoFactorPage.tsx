import { useState, type FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useNotify, useTranslate } from 'react-admin';
import { Navigate, useNavigate } from 'react-router-dom';
import type { TwoFactorEnabled, TwoFactorSetup, TwoFactorStatus } from '../../../common/two-factor';
import { ApiError, apiGet, apiSend } from '../../../lib/api';
import { useFormat } from '../../hooks/useFormat';
import { RESTRICTION_PATHS, refreshIdentity } from '../../providers/authProvider';
import { AccountCard } from './AccountCard';
import { useRestriction } from './useRestriction';

const STATUS_KEY = ['account', 'two-factor'] as const;

const errorText = (e: unknown) =>
  e instanceof ApiError ? (e.fields?.code ?? e.message) : e instanceof Error ? e.message : String(e);

/** A 6-digit code (or a recovery code) field: numeric keyboard, one-time-code autofill. */
function CodeField({
  value,
  onChange,
  error,
  disabled,
  label,
}: {
  value: string;
  onChange: (v: string) => void;
  error: string | null;
  disabled: boolean;
  label: string;
}) {
  return (
    <TextField
      label={label}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      error={!!error}
      helperText={error ?? ' '}
      disabled={disabled}
      autoComplete="one-time-code"
      slotProps={{ htmlInput: { inputMode: 'text', maxLength: 40, 'data-testid': 'totp-code' } }}
      fullWidth
      autoFocus
      required
    />
  );
}

/** The user's own 2FA: set up (QR code, secret, a code to confirm), the recovery codes once, and turning it off. */
export default function TwoFactorPage() {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const format = useFormat();
  const { restriction, loggedIn } = useRestriction();
  const queryClient = useQueryClient();
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [confirmOff, setConfirmOff] = useState(false);
  const [copied, setCopied] = useState(false);

  // A load like any screen's: asked again by itself when the server does not answer (queryClient.ts).
  const statusQuery = useQuery({
    queryKey: STATUS_KEY,
    queryFn: async () => (await apiGet<{ twoFactor: TwoFactorStatus }>('/api/auth/2fa')).twoFactor,
    enabled: loggedIn,
  });
  const status = statusQuery.data ?? null;
  const setStatus = (s: TwoFactorStatus) => queryClient.setQueryData(STATUS_KEY, s);
  const loadError = statusQuery.error ? errorText(statusQuery.error) : null;

  if (!loggedIn) return <Navigate to="/login" replace />;
  // A session that must change its password does that first.
  if (restriction === 'password_change') return <Navigate to={RESTRICTION_PATHS.password_change} replace />;
  const restricted = restriction === 'two_factor_enrolment';

  const act = async (run: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await run();
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  };

  const start = () =>
    act(async () => {
      setSetup(await apiSend<TwoFactorSetup>('POST', '/api/auth/2fa/setup', {}));
      setCode('');
    });

  const enable = (e: FormEvent) => {
    e.preventDefault();
    void act(async () => {
      const r = await apiSend<TwoFactorEnabled>('POST', '/api/auth/2fa/enable', { code: code.trim() });
      setCodes(r.recoveryCodes);
      setSetup(null);
      setCode('');
      void queryClient.invalidateQueries({ queryKey: STATUS_KEY });
      await refreshIdentity().catch(() => undefined);
      notify('app.account.two_factor.enabled', { type: 'success' });
    });
  };

  const disable = () =>
    act(async () => {
      setConfirmOff(false);
      const r = await apiSend<{ twoFactor: TwoFactorStatus }>('POST', '/api/auth/2fa/disable', {
        password,
        code: code.trim(),
      });
      setStatus(r.twoFactor);
      setCode('');
      setPassword('');
      await refreshIdentity().catch(() => undefined);
      notify('app.account.two_factor.turned_off', { type: 'info' });
    });

  const copyCodes = async () => {
    await navigator.clipboard?.writeText(codes!.join('\n')).catch(() => undefined);
    setCopied(true);
    setTimeout(() => setCopied(false), 2000);
  };

  let body;
  if (codes) {
    body = (
      <Stack spacing={2}>
        <Typography variant="h6" component="h2">
          {translate('app.account.two_factor.codes_title')}
        </Typography>
        <Typography variant="body2">{translate('app.account.two_factor.codes_text')}</Typography>
        <Box
          component="ol"
          data-testid="recovery-codes"
          sx={{ fontFamily: 'monospace', columns: 2, m: 0, pl: 3, fontSize: 15 }}
        >
          {codes.map((c) => (
            <li key={c}>{c}</li>
          ))}
        </Box>
        <Stack direction="row" spacing={1}>
          <Button variant="outlined" onClick={copyCodes}>
            {translate(copied ? 'app.account.two_factor.copied' : 'app.account.two_factor.copy_codes')}
          </Button>
          <Button variant="contained" onClick={() => navigate('/', { replace: true })}>
            {translate('app.account.two_factor.continue')}
          </Button>
        </Stack>
      </Stack>
    );
  } else if (!status) {
    body = loadError ? (
      <Alert severity="error">{loadError}</Alert>
    ) : (
      <Stack alignItems="center">
        <CircularProgress size={24} aria-label={translate('app.account.two_factor.loading')} />
      </Stack>
    );
  } else if (status.enabled) {
    body = (
      <Stack
        spacing={2}
        component="form"
        onSubmit={(e: FormEvent) => {
          e.preventDefault();
          setConfirmOff(true);
        }}
      >
        <Alert severity="success">
          {translate('app.account.two_factor.on', { date: format.dateTime(status.enabledAt) })}
        </Alert>
        <Typography variant="body2">
          {translate('app.account.two_factor.codes_left', { count: status.recoveryCodesLeft })}
        </Typography>
        <Typography variant="subtitle1" component="h2">
          {translate('app.account.two_factor.off_title')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {translate('app.account.two_factor.off_text')}
        </Typography>
        <TextField
          label={translate('app.account.two_factor.password')}
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          disabled={busy}
          fullWidth
          required
        />
        <CodeField
          label={translate('app.account.two_factor.code')}
          value={code}
          onChange={setCode}
          error={error}
          disabled={busy}
        />
        <Button type="submit" color="error" variant="outlined" disabled={busy || !code.trim() || !password}>
          {translate('app.account.two_factor.off_button')}
        </Button>
      </Stack>
    );
  } else if (setup) {
    body = (
      <Stack spacing={2} component="form" onSubmit={enable}>
        <Typography variant="body2">{translate('app.account.two_factor.scan')}</Typography>
        <Box sx={{ textAlign: 'center' }}>
          <img src={setup.qrCode} alt={translate('app.account.two_factor.qr_alt')} width={220} height={220} />
        </Box>
        <Box>
          <Typography variant="caption" color="text.secondary">
            {translate('app.account.two_factor.secret')}
          </Typography>
          <Typography
            data-testid="totp-secret"
            sx={{ fontFamily: 'monospace', wordBreak: 'break-all', userSelect: 'all' }}
          >
            {setup.secret}
          </Typography>
        </Box>
        <CodeField
          label={translate('app.account.two_factor.code')}
          value={code}
          onChange={setCode}
          error={error}
          disabled={busy}
        />
        <Button type="submit" variant="contained" disabled={busy || !code.trim()}>
          {translate('app.account.two_factor.confirm')}
        </Button>
      </Stack>
    );
  } else {
    body = (
      <Stack spacing={2}>
        {status.required && <Alert severity="warning">{translate('app.account.two_factor.required')}</Alert>}
        <Typography variant="body2">{translate('app.account.two_factor.intro')}</Typography>
        {error && <Alert severity="error">{error}</Alert>}
        <Button variant="contained" onClick={start} disabled={busy}>
          {translate('app.account.two_factor.start')}
        </Button>
      </Stack>
    );
  }

  return (
    <AccountCard title={translate('app.account.two_factor.title')} restricted={restricted && !codes}>
      {body}
      <Dialog open={confirmOff} onClose={() => setConfirmOff(false)}>
        <DialogTitle>{translate('app.account.two_factor.off_confirm_title')}</DialogTitle>
        <DialogContent>
          <DialogContentText>{translate('app.account.two_factor.off_confirm')}</DialogContentText>
          {status?.required && (
            <DialogContentText sx={{ mt: 1 }}>{translate('app.account.two_factor.off_required')}</DialogContentText>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirmOff(false)}>{translate('ra.action.cancel')}</Button>
          <Button color="error" onClick={disable}>
            {translate('ra.action.confirm')}
          </Button>
        </DialogActions>
      </Dialog>
    </AccountCard>
  );
}
