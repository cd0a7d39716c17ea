import {
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
} from '@mui/material';
import type { ReactNode } from 'react';
import { Form, maxLength, minLength, required, TextInput, useTranslate } from 'react-admin';

type ReasonDialogProps = {
  open: boolean;
  busy?: boolean;
  /** The question (already translated: it names the count), a sentence below it, and the field's label (catalogue keys). */
  title: string;
  content?: string;
  label: string;
  confirm: string;
  /** The reason, and every value of the form (with the inputs of `children`). */
  onConfirm: (reason: string, values: Record<string, unknown>) => void;
  onClose: () => void;
  /** Inputs asked before the reason (react-admin inputs), starting from `defaults`. */
  children?: ReactNode;
  defaults?: Record<string, unknown>;
};

const VALIDATE = [required(), minLength(3), maxLength(500)];
/** The form starts empty: react-admin's Form would otherwise fill it from the record of the page around it. */
const NO_RECORD = {};

/** A confirmation that asks why (3–500 characters, as the server requires); Cancel, Escape and a click outside close it. */
export default function ReasonDialog({
  open,
  busy,
  title,
  content,
  label,
  confirm,
  onConfirm,
  onClose,
  children,
  defaults,
}: ReasonDialogProps) {
  const translate = useTranslate();
  const close = () => {
    if (!busy) onClose();
  };
  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="sm">
      <DialogTitle>{title}</DialogTitle>
      <Form
        noValidate
        record={NO_RECORD}
        defaultValues={{ ...defaults, reason: '' }}
        onSubmit={(values: Record<string, unknown>) => onConfirm(String(values.reason).trim(), values)}
      >
        <DialogContent>
          {content && <DialogContentText sx={{ mb: 2 }}>{translate(content)}</DialogContentText>}
          {children}
          <TextInput source="reason" label={label} multiline minRows={2} validate={VALIDATE} autoFocus />
        </DialogContent>
        <DialogActions>
          <Button onClick={close} disabled={busy}>
            {translate('ra.action.cancel')}
          </Button>
          <Button
            type="submit"
            variant="contained"
            color="error"
            disabled={busy}
            startIcon={busy ? <CircularProgress size={16} /> : undefined}
          >
            {translate(confirm)}
          </Button>
        </DialogActions>
      </Form>
    </Dialog>
  );
}
