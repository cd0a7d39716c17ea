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

/** A temporary password or a set-password link, shown to the admin this once, with a copy button ("Copied" for 2 s). */
export default function ShownOnceDialog({
  title,
  text,
  value,
  testId,
  onClose,
}: {
  title: string;
  text: string;
  value: string | null;
  testId: string;
  onClose: () => void;
}) {
  const translate = useTranslate();
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    await navigator.clipboard?.writeText(value ?? '').catch(() => undefined);
    setCopied(true);
    setTimeout(() => setCopied(false), 2000);
  };
  return (
    <Dialog open={value !== null} onClose={onClose} maxWidth="sm" fullWidth>
      <DialogTitle>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText>{text}</DialogContentText>
        <Typography
          data-testid={testId}
          sx={{
            fontFamily: 'monospace',
            fontSize: value && value.length > 40 ? 14 : 20,
            mt: 2,
            userSelect: 'all',
            wordBreak: 'break-all',
          }}
        >
          {value}
        </Typography>
      </DialogContent>
      <DialogActions>
        <Button onClick={copy}>{translate(`resources.users.security.${copied ? 'copied' : 'copy'}`)}</Button>
        <Button variant="contained" onClick={onClose}>
          {translate('resources.users.security.done')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
