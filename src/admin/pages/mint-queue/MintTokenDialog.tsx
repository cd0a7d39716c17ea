import AddIcon from '@mui/icons-material/Add';
import { Alert, Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { useState } from 'react';
import { Form, minValue, number, NumberInput, required, TextInput, useNotify, useRefresh, useTranslate, type Validator } from 'react-admin';
import { ApiError, apiSend } from '../../../lib/api';
import { mintBody, type MintValues } from './constants';

type FieldErrors = Record<string, string>;

const wholeNumber: Validator = (value) =>
  value === undefined || value === null || value === '' || Number.isInteger(Number(value)) ? undefined : 'app.mint_queue.mint.whole_number';

/** Client-side rules (SPEC §5 Mint form); the server checks the address and the values again. */
const validateWallet = [required()];
const validateCount = [required(), number(), wholeNumber, minValue(1)];
const DEFAULTS: MintValues = { walletAddress: '', tokenId: 1, amount: 1 };
const field = (name: string) => `resources.mint-jobs.fields.${name}`;

function MintFields({ busy, error, onCancel }: { busy: boolean; error: string | null; onCancel: () => void }) {
  const translate = useTranslate();
  return (
    <>
      <DialogContent>
        {error && (
          <Alert severity="error" sx={{ mb: 2 }} data-testid="mint-error">
            {error}
          </Alert>
        )}
        <TextInput
          source="walletAddress"
          label={field('walletAddress')}
          placeholder={translate('app.mint_queue.mint.wallet_placeholder')}
          validate={validateWallet}
          autoFocus
          autoComplete="off"
          spellCheck={false}
        />
        <NumberInput source="tokenId" label={field('tokenId')} min={1} step={1} validate={validateCount} />
        <NumberInput source="amount" label={field('amount')} min={1} step={1} validate={validateCount} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={busy}>
          {translate('app.mint_queue.mint.cancel')}
        </Button>
        <Button type="submit" variant="contained" disabled={busy} startIcon={busy ? <CircularProgress size={16} /> : undefined}>
          {translate(busy ? 'app.mint_queue.mint.submitting' : 'app.mint_queue.mint.submit')}
        </Button>
      </DialogActions>
    </>
  );
}

/**
 * "Mint Token" button and modal: queues a manual mint job (POST /api/mint-jobs).
 * Server field errors land under their inputs and its sentence above them; success closes, notifies and refreshes.
 */
export default function MintTokenDialog() {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const show = () => {
    setError(null);
    setOpen(true);
  };
  const close = () => {
    if (!busy) setOpen(false);
  };

  const mint = async (values: MintValues): Promise<FieldErrors | undefined> => {
    setBusy(true);
    setError(null);
    try {
      await apiSend('POST', '/api/mint-jobs', mintBody(values));
      notify('app.mint_queue.mint.success', { type: 'success' });
      setOpen(false);
      refresh();
      return undefined;
    } catch (e) {
      setError(e instanceof Error && e.message ? e.message : translate('app.mint_queue.unknown_error'));
      return e instanceof ApiError ? e.fields : undefined;
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button size="small" variant="contained" startIcon={<AddIcon />} onClick={show}>
        {translate('app.mint_queue.mint.open')}
      </Button>
      <Dialog open={open} onClose={close} fullWidth maxWidth="sm" aria-labelledby="mint-token-title">
        <DialogTitle id="mint-token-title">{translate('app.mint_queue.mint.title')}</DialogTitle>
        <Form noValidate defaultValues={DEFAULTS} onSubmit={(values: Record<string, unknown>) => mint(values as MintValues)}>
          <MintFields busy={busy} error={error} onCancel={close} />
        </Form>
      </Dialog>
    </>
  );
}
