import { useState, type FormEvent } from 'react';
import { Alert, Box, Button, TextField, Typography } from '@mui/material';
import AccountSection from '../components/AccountSection';
import type { TwoFactorSetup, TwoFactorStatus } from '../../common/two-factor';
import { disableTwoFactor, enableTwoFactor, getTwoFactor, setupTwoFactor } from '../api';
import { useFormat } from '../format';
import { ErrorText, Loading } from '../components/Status';
import { messageOf, useLoad } from '../components/useLoad';
import { fill, useI18n } from '../i18n';

type Errors = Partial<Record<'password' | 'code', string>>;

/**
 * The shopper's own 2FA on the Account page: set it up (QR code and secret, confirmed with a code), the recovery codes
 * once, and turning it off with the password and a code. `onChanged` runs once the recovery codes are put away (a
 * session the shop made enrol first lets the rest of the account in only then) and once 2FA is off (the shop may
 * require it again at once).
 */
export default function TwoFactor({ onChanged }: { onChanged: () => void }) {
  const { m } = useI18n();
  const t = m.account.twoFactor;
  const { dateTime } = useFormat();
  const loaded = useLoad('two-factor', (signal) => getTwoFactor(signal));
  const [changed, setChanged] = useState<TwoFactorStatus | null>(null);
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const status = changed ?? loaded.data;

  const act = async (run: () => Promise<void>) => {
    setBusy(true);
    setError('');
    setErrors({});
    try {
      await run();
    } catch (err) {
      setError(err instanceof Error && err.message ? err.message : t.failed);
    } finally {
      setBusy(false);
    }
  };

  const start = () =>
    act(async () => {
      setSetup(await setupTwoFactor());
      setCode('');
    });

  const confirm = (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    if (!code.trim()) return setErrors({ code: t.codeRequired });
    void act(async () => {
      setCodes(await enableTwoFactor(code.trim()));
      setSetup(null);
      setCode('');
    });
  };

  const turnOff = (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    if (!password || !code.trim())
      return setErrors({
        ...(password ? {} : { password: t.offRequired }),
        ...(code.trim() ? {} : { code: t.offRequired }),
      });
    void act(async () => {
      setChanged(await disableTwoFactor(password, code.trim()));
      setPassword('');
      setCode('');
      onChanged();
    });
  };

  const codeField = (
    <TextField
      id="two-factor-code"
      label={t.code}
      autoComplete="one-time-code"
      required
      value={code}
      onChange={(e) => setCode(e.target.value)}
      error={!!errors.code}
      helperText={errors.code}
      slotProps={{ htmlInput: { maxLength: 40 } }}
    />
  );
  const failure = error && (
    <Alert severity="error" role="alert">
      {error}
    </Alert>
  );

  let body;
  if (codes) {
    body = (
      <Box sx={{ display: 'grid', gap: 2 }}>
        <Typography variant="h3" component="h3">
          {t.codesTitle}
        </Typography>
        <Typography>{t.codesText}</Typography>
        <Box
          component="ol"
          data-testid="recovery-codes"
          sx={{ fontFamily: 'monospace', columns: 2, m: 0, pl: 3, fontSize: 15 }}
        >
          {codes.map((c) => (
            <li key={c}>{c}</li>
          ))}
        </Box>
        <Box>
          <Button
            variant="contained"
            onClick={() => {
              setCodes(null);
              setChanged(null);
              loaded.retry();
              onChanged();
            }}
          >
            {t.codesDone}
          </Button>
        </Box>
      </Box>
    );
  } else if (!status) {
    body =
      loaded.status === 'failed' ? (
        <ErrorText
          message={fill(t.loadFailed, { message: messageOf(loaded.error) })}
          retry={loaded.retry}
          retryLabel={m.app.retry}
        />
      ) : (
        <Loading label={t.loading} />
      );
  } else if (status.enabled) {
    body = (
      <Box
        component="form"
        noValidate
        onSubmit={turnOff}
        aria-labelledby="two-factor-off-title"
        sx={{ display: 'grid', gap: 2, maxWidth: 480 }}
      >
        <Alert severity="success" data-testid="two-factor-status">
          {fill(t.on, { date: dateTime(status.enabledAt), count: status.recoveryCodesLeft })}
        </Alert>
        <Typography id="two-factor-off-title" variant="h3" component="h3">
          {t.offTitle}
        </Typography>
        <Typography color="text.secondary">{t.offText}</Typography>
        {status.required && <Typography color="text.secondary">{t.offRequiredNote}</Typography>}
        {failure}
        <TextField
          id="two-factor-password"
          label={t.password}
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={!!errors.password}
          helperText={errors.password}
        />
        {codeField}
        <Box>
          <Button type="submit" color="error" variant="outlined" disabled={busy}>
            {busy ? t.busy : t.offButton}
          </Button>
        </Box>
      </Box>
    );
  } else if (setup) {
    body = (
      <Box
        component="form"
        noValidate
        onSubmit={confirm}
        aria-labelledby="two-factor-title"
        sx={{ display: 'grid', gap: 2, maxWidth: 480 }}
      >
        <Typography>{t.scan}</Typography>
        <Box sx={{ textAlign: 'center' }}>
          <img src={setup.qrCode} alt={t.qrAlt} width={220} height={220} />
        </Box>
        <Box>
          <Typography variant="caption" color="text.secondary">
            {t.secret}
          </Typography>
          <Typography
            data-testid="totp-secret"
            sx={{ fontFamily: 'monospace', wordBreak: 'break-all', userSelect: 'all' }}
          >
            {setup.secret}
          </Typography>
        </Box>
        {failure}
        {codeField}
        <Box>
          <Button type="submit" variant="contained" disabled={busy}>
            {busy ? t.busy : t.confirm}
          </Button>
        </Box>
      </Box>
    );
  } else {
    body = (
      <Box sx={{ display: 'grid', gap: 2 }}>
        <Typography data-testid="two-factor-status">{t.off}</Typography>
        {failure}
        <Box>
          <Button variant="contained" onClick={start} disabled={busy}>
            {busy ? t.busy : t.start}
          </Button>
        </Box>
      </Box>
    );
  }

  return (
    <AccountSection id="two-factor" title={t.title} intro={t.intro}>
      {body}
    </AccountSection>
  );
}
