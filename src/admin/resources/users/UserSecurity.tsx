import KeyIcon from '@mui/icons-material/KeyOutlined';
import ShieldIcon from '@mui/icons-material/GppMaybeOutlined';
import { Box, Button, Chip, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { Confirm, useGetIdentity, useNotify, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import type { PasswordReset, UserDetail } from '../../../common/users';
import { apiSend } from '../../../lib/api';
import useCan from '../../components/useCan';
import { useFormat } from '../../hooks/useFormat';

/**
 * The user's 2FA state and password standing, with an admin's resets (not of their own account): a temporary password
 * shown once after a confirmation, and removing the 2FA enrolment.
 */
export default function UserSecurity() {
  const user = useRecordContext<UserDetail>();
  const canWrite = useCan('users', 'edit');
  const { identity } = useGetIdentity();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const { dateTime } = useFormat();
  const [confirming, setConfirming] = useState<'password' | '2fa' | null>(null);
  const [temporary, setTemporary] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);
  const [busy, setBusy] = useState(false);
  if (!user || user.twoFactorEnabled === undefined) return null;
  const self = identity?.id === user.id;
  const t = (key: string, options?: Record<string, unknown>) => translate(`resources.users.security.${key}`, options);

  const run = async (call: () => Promise<void>) => {
    setConfirming(null);
    setBusy(true);
    try {
      await call();
      refresh();
    } catch (e) {
      notify(translate('resources.users.action_failed', { error: e instanceof Error ? e.message : String(e) }), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  const resetPassword = () => run(async () => {
    const answer = await apiSend<PasswordReset>('POST', `/api/users/${user.id}/reset-password`);
    setTemporary(answer.temporaryPassword);
  });
  const resetTwoFactor = () => run(async () => {
    await apiSend('POST', `/api/users/${user.id}/reset-2fa`);
    notify(t('reset_2fa_done'), { type: 'success' });
  });
  const copy = async () => {
    await navigator.clipboard?.writeText(temporary ?? '').catch(() => undefined);
    setCopied(true);
    setTimeout(() => setCopied(false), 2000);
  };

  return (
    <Stack spacing={1.5} data-testid="user-security">
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
        <Typography variant="body2" color="text.secondary">{translate('resources.users.fields.twoFactorEnabled')}:</Typography>
        {user.twoFactorEnabled ? (
          <>
            <Chip size="small" color="success" label={t('two_factor_on', { date: user.twoFactorEnabledAt ? dateTime(user.twoFactorEnabledAt) : '—' })} />
            <Typography variant="body2">{t('codes_left', { count: user.recoveryCodesLeft })}</Typography>
          </>
        ) : (
          <Chip size="small" label={t('two_factor_off')} />
        )}
        {user.mustChangePassword && <Chip size="small" color="warning" label={t('must_change')} />}
      </Box>
      {canWrite && !self && (
        <Box sx={{ display: 'flex', gap: 1 }}>
          <Button size="small" variant="outlined" startIcon={<KeyIcon />} disabled={busy} onClick={() => setConfirming('password')}>{t('reset_password')}</Button>
          {user.twoFactorEnabled && (
            <Button size="small" variant="outlined" color="warning" startIcon={<ShieldIcon />} disabled={busy} onClick={() => setConfirming('2fa')}>{t('reset_2fa')}</Button>
          )}
        </Box>
      )}
      <Confirm
        isOpen={confirming === 'password'} title={t('reset_password_title')} content={t('reset_password_confirm', { email: user.email })}
        onConfirm={resetPassword} onClose={() => setConfirming(null)}
      />
      <Confirm
        isOpen={confirming === '2fa'} title={t('reset_2fa_title')} content={t('reset_2fa_confirm', { email: user.email })}
        onConfirm={resetTwoFactor} onClose={() => setConfirming(null)}
      />
      <Dialog open={temporary !== null} onClose={() => setTemporary(null)}>
        <DialogTitle>{t('temporary_title')}</DialogTitle>
        <DialogContent>
          <DialogContentText>{t('temporary_text', { email: user.email })}</DialogContentText>
          <Typography data-testid="temporary-password" sx={{ fontFamily: 'monospace', fontSize: 20, mt: 2, userSelect: 'all' }}>{temporary}</Typography>
        </DialogContent>
        <DialogActions>
          <Button onClick={copy}>{t(copied ? 'copied' : 'copy')}</Button>
          <Button variant="contained" onClick={() => setTemporary(null)}>{t('done')}</Button>
        </DialogActions>
      </Dialog>
    </Stack>
  );
}
