import { useRef } from 'react';
import { maxLength, minValue, NumberInput, required, SelectInput, TextInput, useTranslate } from 'react-admin';
import { SDK_CURRENCIES, type SdkPayment, type SdkProvider } from '../../../common/payment-sdk';
import { apiSend } from '../../../lib/api';
import { idempotencyKeys } from '../../../lib/idempotency';
import DialogShell, { type DialogSubmit } from '../../components/DialogShell';

type CreateValues = {
  provider?: string;
  amount?: number | null;
  currency?: string;
  orderId?: string;
  customerId?: string | null;
  returnUrl?: string | null;
  cancelUrl?: string | null;
};

const SUBMITS: [DialogSubmit<'create'>] = [
  { mode: 'create', label: 'app.payment_sdk.create.submit', busyLabel: 'app.payment_sdk.create.submitting' },
];
const T = 'app.payment_sdk.create';

/** "Create Payment": a payment for a pending order through a configured provider; the server checks the amount and the rest. */
export default function CreatePaymentDialog({
  providers,
  currency,
  onCreated,
}: {
  providers: SdkProvider[];
  currency: string;
  onCreated: (p: SdkPayment) => void;
}) {
  const translate = useTranslate();
  const keyFor = useRef(idempotencyKeys()).current;
  const choices = providers.map((p) => ({
    id: p.name,
    disabled: !p.configured,
    name: `${translate(`resources.payments.provider.${p.name}`, { _: p.name })}${p.configured ? '' : ` (${translate('app.payment_sdk.not_configured')})`}`,
  }));
  const send = async (values: CreateValues) => {
    const body = { ...values, orderId: values.orderId?.trim() };
    onCreated(
      await apiSend<SdkPayment>('POST', '/api/payment-sdk/create', body, {
        headers: { 'Idempotency-Key': keyFor(body) },
      }),
    );
  };
  return (
    <DialogShell<CreateValues, 'create'>
      openLabel={`${T}.open`}
      openVariant="contained"
      title={`${T}.title`}
      defaultValues={{ provider: providers.find((p) => p.configured)?.name, currency }}
      submits={SUBMITS}
      cancel={`${T}.cancel`}
      send={send}
      success={() => `${T}.success`}
      failure={() => `${T}.failed`}
      unknownError={`${T}.unknown_error`}
    >
      <SelectInput source="provider" label={`${T}.provider`} choices={choices} validate={required()} />
      <NumberInput
        source="amount"
        label={`${T}.amount`}
        step={0.01}
        min={0.01}
        validate={[required(), minValue(0.01)]}
      />
      <SelectInput
        source="currency"
        label={`${T}.currency`}
        choices={SDK_CURRENCIES.map((c) => ({ id: c, name: c }))}
        validate={required()}
      />
      <TextInput source="orderId" label={`${T}.order_id`} validate={[required(), maxLength(36)]} />
      <TextInput source="customerId" label={`${T}.customer_id`} validate={maxLength(36)} />
      <TextInput source="returnUrl" label={`${T}.return_url`} validate={maxLength(2000)} />
      <TextInput source="cancelUrl" label={`${T}.cancel_url`} validate={maxLength(2000)} />
    </DialogShell>
  );
}
