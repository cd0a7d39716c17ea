import {
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
} from '@mui/material';
import { Form, maxLength, minLength, required, TextInput, useTranslate } from 'react-admin';

type ReasonDialogProps = {
  open: boolean;
  busy?: boolean;
  /** The question (already translated: it names the count), a sentence below it, and the field's label (catalogue keys). */
  title: string;
  content?: string;
  label: string;
  confirm: string;
  onConfirm: (reason: string) => void;
  onClose: () => void;
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
        defaultValues={{ reason: '' }}
        onSubmit={(values: Record<string, unknown>) => onConfirm(String(values.reason).trim())}
      >
        <DialogContent>
          {content && <DialogContentText sx={{ mb: 2 }}>{translate(content)}</DialogContentText>}
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
