import AddIcon from '@mui/icons-material/Add';
import { Alert, Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { useState, type ReactNode } from 'react';
import { useFormContext } from 'react-hook-form';
import { Form, useNotify, useRefresh, useTranslate } from 'react-admin';
import { ApiError } from '../../lib/api';

type FieldErrors = Record<string, string>;

/** One submit button: it sends the form in its `mode` (e.g. a real or a mock order). Labels are catalogue keys. */
export type DialogSubmit<M extends string> = {
  mode: M;
  label: string;
  /** The label while this submit runs (default: `label`). */
  busyLabel?: string;
  variant?: 'contained' | 'outlined';
};

type DialogShellProps<V, M extends string> = {
  /** The button that opens the dialog (catalogue key, its MUI variant and icon, "+" by default), and the dialog's title. */
  openLabel: string;
  openVariant?: 'contained' | 'text';
  openIcon?: ReactNode;
  title: string;
  defaultValues: V;
  /** The first submits the form (and Enter does); each other one submits it in its own mode. */
  submits: readonly [DialogSubmit<M>, ...DialogSubmit<M>[]];
  /** The Cancel button's label, before the submits ("Cancel" by default); it, Escape and a click outside close the dialog unless it is sending. */
  cancel?: string;
  /** Sends the values; resolves once the server accepted them. */
  send: (values: V, mode: M) => Promise<unknown>;
  /** What to notify on success. */
  success: (mode: M) => string;
  /** What to notify on failure (with `%{error}`); without it, the error shows above the fields instead. */
  failure?: (mode: M) => string;
  /** The `data-testid` of the error shown above the fields. */
  errorTestId?: string;
  /** The error text when the failure has none. */
  unknownError: string;
  /** The inputs. */
  children: ReactNode;
};

type Submit<V, M> = (values: V, mode: M) => Promise<FieldErrors | undefined>;

/**
 * The server's field errors that name an input of this form. One about anything else (a provider, a record) is said
 * in the dialog's sentence: set on a field the form lacks, it would mark nothing and refuse every later submit.
 */
function formFieldErrors(fields: FieldErrors | undefined, values: object): FieldErrors | undefined {
  const kept = Object.entries(fields ?? {}).filter(([field]) => Object.hasOwn(values, field));
  return kept.length ? Object.fromEntries(kept) : undefined;
}

/** A dialog's form starts from its defaults: react-admin's Form would otherwise fill it from the record of the page around it. */
const NO_RECORD = {};

function DialogButtons<V, M extends string>({
  submits,
  cancel,
  busy,
  onCancel,
  submit,
}: {
  submits: readonly DialogSubmit<M>[];
  cancel: string;
  busy: M | null;
  onCancel: () => void;
  submit: Submit<V, M>;
}) {
  const translate = useTranslate();
  const { handleSubmit, setError } = useFormContext();
  // Buttons past the first submit through react-hook-form and put the server's field errors back themselves.
  const submitAs = (mode: M) =>
    handleSubmit(async (values) => {
      const errors = await submit(values as V, mode);
      for (const [field, message] of Object.entries(errors ?? {})) setError(field, { type: 'server', message });
    });
  return (
    <DialogActions>
      <Button onClick={onCancel} disabled={!!busy}>
        {translate(cancel)}
      </Button>
      {submits.map(({ mode, label, busyLabel = label, variant = 'contained' }, i) => (
        <Button
          key={mode}
          type={i === 0 ? 'submit' : 'button'}
          variant={variant}
          disabled={!!busy}
          startIcon={busy === mode ? <CircularProgress size={16} /> : undefined}
          onClick={i === 0 ? undefined : submitAs(mode)}
        >
          {translate(busy === mode ? busyLabel : label)}
        </Button>
      ))}
    </DialogActions>
  );
}

/**
 * A "+ <action>" button and its modal form: sends the values, then notifies, closes and refreshes the screen.
 * The server's field errors land under their inputs; its sentence is notified or shown above the fields.
 */
export default function DialogShell<V extends Record<string, unknown>, M extends string>({
  openLabel,
  openVariant,
  openIcon = <AddIcon />,
  title,
  defaultValues,
  submits,
  cancel = 'ra.action.cancel',
  send,
  success,
  failure,
  errorTestId,
  unknownError,
  children,
}: DialogShellProps<V, M>) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  // The values it opened with: a live update of the page behind (the record refetched) must not wipe what is typed.
  const [startValues, setStartValues] = useState(defaultValues);
  const [busy, setBusy] = useState<M | null>(null);
  const [error, setError] = useState<string | null>(null);

  const show = () => {
    setError(null);
    setStartValues(defaultValues);
    setOpen(true);
  };
  const close = () => {
    if (!busy) setOpen(false);
  };

  const submit: Submit<V, M> = async (values, mode) => {
    setBusy(mode);
    setError(null);
    try {
      await send(values, mode);
      notify(success(mode), { type: 'success' });
      setOpen(false);
      refresh();
      return undefined;
    } catch (e) {
      const message = e instanceof Error && e.message ? e.message : translate(unknownError);
      if (failure) notify(failure(mode), { type: 'error', messageArgs: { error: message } });
      else setError(message);
      return e instanceof ApiError ? formFieldErrors(e.fields, values) : undefined;
    } finally {
      setBusy(null);
    }
  };

  return (
    <>
      <Button size="small" variant={openVariant} startIcon={openIcon} onClick={show}>
        {translate(openLabel)}
      </Button>
      {/* MUI labels the dialog with its DialogTitle */}
      <Dialog open={open} onClose={close} fullWidth maxWidth="sm">
        <DialogTitle>{translate(title)}</DialogTitle>
        <Form
          noValidate
          record={NO_RECORD}
          defaultValues={startValues}
          onSubmit={(values: Record<string, unknown>) => submit(values as V, submits[0].mode)}
        >
          <DialogContent>
            {error && (
              <Alert severity="error" sx={{ mb: 2 }} data-testid={errorTestId}>
                {error}
              </Alert>
            )}
            {children}
          </DialogContent>
          <DialogButtons<V, M> submits={submits} cancel={cancel} busy={busy} onCancel={close} submit={submit} />
        </Form>
      </Dialog>
    </>
  );
}
