import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';

/** The signing secret (`whsec_…`), shown this once after creation or rotation, with a copy button ("Copied" for 2 s). */
export default function SecretDialog({ secret, onClose }: { secret: string | null; onClose: () => void }) {
  const translate = useTranslate();
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    await navigator.clipboard?.writeText(secret ?? '').catch(() => undefined);
    setCopied(true);
    setTimeout(() => setCopied(false), 2000);
  };
  const t = (key: string) => translate(`resources.webhooks.secret.${key}`);
  return (
    <Dialog open={secret !== null} onClose={onClose} maxWidth="sm" fullWidth>
      <DialogTitle>{t('title')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t('text')}</DialogContentText>
        <Typography
          data-testid="webhook-secret"
          sx={{ fontFamily: 'monospace', fontSize: 15, mt: 2, userSelect: 'all', wordBreak: 'break-all' }}
        >
          {secret}
        </Typography>
      </DialogContent>
      <DialogActions>
        <Button onClick={copy}>{t(copied ? 'copied' : 'copy')}</Button>
        <Button variant="contained" onClick={onClose}>
          {t('done')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
