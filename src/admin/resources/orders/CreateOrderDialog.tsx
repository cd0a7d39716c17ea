import AddIcon from '@mui/icons-material/Add';
import { Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { useState } from 'react';
import { useFormContext } from 'react-hook-form';
import {
  AutocompleteInput,
  email,
  Form,
  maxLength,
  minValue,
  NumberInput,
  ReferenceInput,
  regex,
  required,
  TextInput,
  useNotify,
  useRefresh,
  useTranslate,
} from 'react-admin';
import { apiSend, ApiError } from '../../../lib/api';
import type { Product } from '../products/constants';
import { orderBody, type CreateOrderValues } from './orderBody';

type Values = CreateOrderValues;
type Mode = 'order' | 'mock';
type FieldErrors = Record<string, string>;

const validateEmail = [required(), email()];
const validateQty = [minValue(1)];
const validateCoupon = [maxLength(64)];
const validateWallet = [regex(/^0x[0-9a-fA-F]{40}$/, 'app.orders.create.wallet_format')];
const productLabel = (p: Product) => `${p.title} (${p.sku})`;

type Submit = (values: Values, mode: Mode) => Promise<FieldErrors | undefined>;

function CreateOrderFields({ busy, onSubmit }: { busy: Mode | null; onSubmit: Submit }) {
  const translate = useTranslate();
  const { handleSubmit, setError } = useFormContext<Values>();
  const submitMock = handleSubmit(async (values) => {
    const errors = await onSubmit(values, 'mock');
    for (const [field, message] of Object.entries(errors ?? {})) {
      setError(field as keyof Values, { type: 'server', message });
    }
  });
  const spinner = (mode: Mode) => (busy === mode ? <CircularProgress size={16} /> : undefined);
  return (
    <>
      <DialogContent>
        <TextInput source="userEmail" type="email" validate={validateEmail} />
        <ReferenceInput source="productId" reference="products" filter={{ status: 'active' }} sort={{ field: 'title', order: 'ASC' }}>
          <AutocompleteInput optionText={productLabel} validate={required()} label="resources.orders.fields.productId" />
        </ReferenceInput>
        <NumberInput source="qty" min={1} step={1} validate={validateQty} />
        <TextInput source="couponCode" validate={validateCoupon} />
        <TextInput source="walletAddress" validate={validateWallet} helperText="app.orders.create.wallet_help" />
      </DialogContent>
      <DialogActions>
        <Button type="submit" variant="contained" disabled={!!busy} startIcon={spinner('order')}>
          {translate('app.orders.create.submit')}
        </Button>
        <Button variant="outlined" disabled={!!busy} startIcon={spinner('mock')} onClick={submitMock}>
          {translate('app.orders.create.submit_mock')}
        </Button>
      </DialogActions>
    </>
  );
}

/** "Create Order" button and modal: a real order (awaiting payment) or a mock order (paid by a test payment). */
export default function CreateOrderDialog() {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState<Mode | null>(null);

  const create = async (values: Values, mode: Mode): Promise<FieldErrors | undefined> => {
    setBusy(mode);
    try {
      await apiSend('POST', mode === 'mock' ? '/api/orders/mock' : '/api/orders', orderBody(values));
      notify(mode === 'mock' ? 'app.orders.create.mock_success' : 'app.orders.create.success', { type: 'success' });
      setOpen(false);
      refresh();
      return undefined;
    } catch (e) {
      const error = e instanceof Error && e.message ? e.message : translate('app.orders.create.unknown_error');
      notify(mode === 'mock' ? 'app.orders.create.mock_failed' : 'app.orders.create.failed', {
        type: 'error',
        messageArgs: { error },
      });
      return e instanceof ApiError ? e.fields : undefined;
    } finally {
      setBusy(null);
    }
  };

  return (
    <>
      <Button size="small" startIcon={<AddIcon />} onClick={() => setOpen(true)}>
        {translate('app.orders.create.open')}
      </Button>
      <Dialog open={open} onClose={() => !busy && setOpen(false)} fullWidth maxWidth="sm">
        <DialogTitle>{translate('app.orders.create.title')}</DialogTitle>
        <Form noValidate defaultValues={{ qty: 1 }} onSubmit={(values: Record<string, unknown>) => create(values as Values, 'order')}>
          <CreateOrderFields busy={busy} onSubmit={create} />
        </Form>
      </Dialog>
    </>
  );
}
