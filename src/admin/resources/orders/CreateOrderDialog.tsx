import {
  AutocompleteInput,
  email,
  maxLength,
  minValue,
  NumberInput,
  ReferenceInput,
  regex,
  required,
  TextInput,
} from 'react-admin';
import type { Product } from '../../../common/products';
import { apiSend } from '../../../lib/api';
import DialogShell, { type DialogSubmit } from '../../components/DialogShell';
import { orderBody, type CreateOrderValues } from './orderBody';

type Mode = 'order' | 'mock';

const validateEmail = [required(), email()];
const validateQty = [minValue(1)];
const validateCoupon = [maxLength(64)];
const validateWallet = [regex(/^0x[0-9a-fA-F]{40}$/, 'resources.orders.create.wallet_format')];
const productLabel = (p: Product) => `${p.title} (${p.sku})`;
const DEFAULTS: CreateOrderValues = { qty: 1 };
const SUBMITS: [DialogSubmit<Mode>, DialogSubmit<Mode>] = [
  { mode: 'order', label: 'resources.orders.create.submit' },
  { mode: 'mock', label: 'resources.orders.create.submit_mock', variant: 'outlined' },
];

/** "Create Order" button and modal: a real order (awaiting payment) or a mock order (paid by a test payment). */
export default function CreateOrderDialog() {
  return (
    <DialogShell<CreateOrderValues, Mode>
      openLabel="resources.orders.create.open"
      title="resources.orders.create.title"
      defaultValues={DEFAULTS}
      submits={SUBMITS}
      send={(values, mode) => apiSend('POST', mode === 'mock' ? '/api/orders/mock' : '/api/orders', orderBody(values))}
      success={(mode) => (mode === 'mock' ? 'resources.orders.create.mock_success' : 'resources.orders.create.success')}
      failure={(mode) => (mode === 'mock' ? 'resources.orders.create.mock_failed' : 'resources.orders.create.failed')}
      unknownError="resources.orders.create.unknown_error"
    >
      <TextInput source="userEmail" type="email" validate={validateEmail} />
      <ReferenceInput
        source="productId"
        reference="products"
        filter={{ status: 'active' }}
        sort={{ field: 'title', order: 'ASC' }}
      >
        <AutocompleteInput optionText={productLabel} validate={required()} label="resources.orders.fields.productId" />
      </ReferenceInput>
      <NumberInput source="qty" min={1} step={1} validate={validateQty} />
      <TextInput source="couponCode" validate={validateCoupon} />
      <TextInput source="walletAddress" validate={validateWallet} helperText="resources.orders.create.wallet_help" />
    </DialogShell>
  );
}
