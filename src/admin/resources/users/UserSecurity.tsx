import KeyIcon from '@mui/icons-material/KeyOutlined';
import ShieldIcon from '@mui/icons-material/GppMaybeOutlined';
import {
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  FormControlLabel,
  Radio,
  RadioGroup,
  Stack,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { Confirm, useCanAccess, useGetIdentity, useNotify, useRefresh, useTranslate } from 'react-admin';
import { RESET_METHODS, type PasswordReset, type UserDetail } from '../../../common/users';
import { apiSend } from '../../../lib/api';
import { useFormat } from '../../hooks/useFormat';
import ShownOnceDialog from './ShownOnceDialog';

type Given = { kind: 'temporary' | 'link'; value: string } | null;

/**
 * The user's 2FA state and password standing, with an admin's resets (not of their own account): a password reset
 * to a temporary password or a one-time set-password link (the admin's choice), shown once; and removing the 2FA enrolment.
 */
export default function UserSecurity({ user }: { user: UserDetail }) {
  const { canAccess: canWrite = false } = useCanAccess({ resource: 'users', action: 'edit' });
  const { identity } = useGetIdentity();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const { dateTime } = useFormat();
  const [confirming, setConfirming] = useState<'password' | '2fa' | null>(null);
  const [method, setMethod] = useState<(typeof RESET_METHODS)[number]>('temporary');
  const [given, setGiven] = useState<Given>(null);
  const [busy, setBusy] = useState(false);
  const self = identity?.id === user.id;
  const t = (key: string, options?: Record<string, unknown>) => translate(`resources.users.security.${key}`, options);

  const run = async (call: () => Promise<void>) => {
    setConfirming(null);
    setBusy(true);
    try {
      await call();
      refresh();
    } catch (e) {
      notify(translate('resources.users.action_failed', { error: e instanceof Error ? e.message : String(e) }), {
        type: 'error',
      });
    } finally {
      setBusy(false);
    }
  };
  const resetPassword = () =>
    run(async () => {
      const answer = await apiSend<PasswordReset>('POST', `/api/users/${user.id}/reset-password`, { method });
      setGiven(
        answer.setPasswordLink
          ? { kind: 'link', value: answer.setPasswordLink.url }
          : { kind: 'temporary', value: answer.temporaryPassword! },
      );
    });
  const resetTwoFactor = () =>
    run(async () => {
      await apiSend('POST', `/api/users/${user.id}/reset-2fa`);
      notify(t('reset_2fa_done'), { type: 'success' });
    });

  return (
    <Stack spacing={1.5} data-testid="user-security">
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
        <Typography variant="body2" color="text.secondary">
          {translate('resources.users.fields.twoFactorEnabled')}:
        </Typography>
        {user.twoFactorEnabled ? (
          <>
            <Chip
              size="small"
              color="success"
              label={t('two_factor_on', { date: user.twoFactorEnabledAt ? dateTime(user.twoFactorEnabledAt) : '—' })}
            />
            <Typography variant="body2">{t('codes_left', { count: user.recoveryCodesLeft })}</Typography>
          </>
        ) : (
          <Chip size="small" label={t('two_factor_off')} />
        )}
        {user.mustChangePassword && <Chip size="small" color="warning" label={t('must_change')} />}
      </Box>
      {canWrite && !self && (
        <Box sx={{ display: 'flex', gap: 1 }}>
          <Button
            size="small"
            variant="outlined"
            startIcon={<KeyIcon />}
            disabled={busy}
            onClick={() => setConfirming('password')}
          >
            {t('reset_password')}
          </Button>
          {user.twoFactorEnabled && (
            <Button
              size="small"
              variant="outlined"
              color="warning"
              startIcon={<ShieldIcon />}
              disabled={busy}
              onClick={() => setConfirming('2fa')}
            >
              {t('reset_2fa')}
            </Button>
          )}
        </Box>
      )}
      <Dialog open={confirming === 'password'} onClose={() => setConfirming(null)} data-testid="reset-password-dialog">
        <DialogTitle>{t('reset_password_title')}</DialogTitle>
        <DialogContent>
          <DialogContentText>{t('reset_password_confirm', { email: user.email })}</DialogContentText>
          <RadioGroup value={method} onChange={(e) => setMethod(e.target.value as typeof method)} sx={{ mt: 1 }}>
            {RESET_METHODS.map((m) => (
              <FormControlLabel key={m} value={m} control={<Radio />} label={t(`method_${m}`)} />
            ))}
          </RadioGroup>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(null)}>{translate('ra.action.cancel')}</Button>
          <Button variant="contained" onClick={resetPassword}>
            {translate('ra.action.confirm')}
          </Button>
        </DialogActions>
      </Dialog>
      <Confirm
        isOpen={confirming === '2fa'}
        title={t('reset_2fa_title')}
        content={t('reset_2fa_confirm', { email: user.email })}
        onConfirm={resetTwoFactor}
        onClose={() => setConfirming(null)}
      />
      <ShownOnceDialog
        title={t(given?.kind === 'link' ? 'link_title' : 'temporary_title')}
        text={t(given?.kind === 'link' ? 'link_text' : 'temporary_text', { email: user.email })}
        value={given?.value ?? null}
        testId={given?.kind === 'link' ? 'set-password-link' : 'temporary-password'}
        onClose={() => setGiven(null)}
      />
    </Stack>
  );
}
