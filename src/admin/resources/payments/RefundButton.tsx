import UndoIcon from '@mui/icons-material/Undo';
import { Alert, Button, Stack, Typography } from '@mui/material';
import { useRef } from 'react';
import {
  maxLength,
  maxValue,
  minValue,
  NumberInput,
  required,
  TextInput,
  useCanAccess,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { isPaymentRateLimit, TEST_PROVIDER, type Payment, type PaymentDetail } from '../../../common/payments';
import { ApiError, apiSend, translateError } from '../../../lib/api';
import { idempotencyKeys } from '../../../lib/idempotency';
import DialogShell, { type DialogSubmit } from '../../components/DialogShell';
import { useFormat } from '../../hooks/useFormat';
import { detailOf } from '../../components/AwaitDetail';

type RefundValues = { amount?: number | null; reason?: string; reference?: string; paymentId?: string };

const SUBMITS: [DialogSubmit<'refund'>] = [
  { mode: 'refund', label: 'resources.payments.refund.submit', busyLabel: 'resources.payments.refund.submitting' },
];

type Refundable = Pick<
  Payment,
  'id' | 'status' | 'refundable' | 'currency' | 'provider' | 'refundWay' | 'refundUnavailable'
>;

/** Why the refund cannot be made here (its provider is not configured), in the reader's language: the button says it. */
function Unavailable({ why }: { why: NonNullable<Payment['refundUnavailable']> }) {
  const translate = useTranslate();
  const sentence = translateError(why.messageCode, why.params, why.message);
  return (
    <Stack direction="row" sx={{ alignItems: 'center', gap: 1 }}>
      <Button size="small" startIcon={<UndoIcon />} disabled aria-describedby="refund-unavailable">
        {translate('resources.payments.refund.open')}
      </Button>
      <Typography id="refund-unavailable" variant="caption" color="text.secondary">
        {sentence}
      </Typography>
    </Stack>
  );
}

/**
 * "Refund" on a completed payment, for finance and admins: how much (at most what is left) and why. Each attempt
 * carries its own Idempotency-Key, sent again with a retry of the same values, so a retried refund never pays twice.
 * `sdk`: the Payment SDK screen's form, which shows the payment's id and sends it to POST /api/payment-sdk/refund.
 */
export function RefundDialog({ payment, sdk }: { payment: Refundable; sdk?: boolean }) {
  const translate = useTranslate();
  const { money } = useFormat();
  const { canAccess: canRefund = false } = useCanAccess({ resource: 'payments', action: 'edit' });
  const keyFor = useRef(idempotencyKeys()).current;
  if (!canRefund || payment.status !== 'completed') return null;
  if (payment.refundUnavailable) return <Unavailable why={payment.refundUnavailable} />;
  const points = payment.refundWay === 'points';
  if (payment.refundable <= 0 && !points) return null;
  const left = money(payment.refundable, payment.currency);
  const recorded = payment.refundWay === 'recorded';

  const send = async (values: RefundValues) => {
    const body = {
      amount: values.amount,
      reason: values.reason?.trim() ?? '',
      ...(recorded && { reference: values.reference?.trim() ?? '' }),
    };
    const [path, sent] = sdk
      ? ['/api/payment-sdk/refund', { paymentId: payment.id, ...body }]
      : [`/api/payments/${payment.id}/refund`, body];
    try {
      await apiSend('POST', path, sent, { headers: { 'Idempotency-Key': keyFor(sent) } });
    } catch (e) {
      if (e instanceof ApiError && isPaymentRateLimit(e.message, e.code))
        throw new ApiError(translate('resources.payments.rate_limited'), e.status, {
          code: e.code,
          fields: e.fields,
          body: e.body,
        });
      throw e;
    }
  };

  return (
    <DialogShell<RefundValues, 'refund'>
      openLabel="resources.payments.refund.open"
      openIcon={<UndoIcon />}
      title="resources.payments.refund.title"
      defaultValues={{ amount: payment.refundable, paymentId: payment.id, reason: '', reference: '' }}
      submits={SUBMITS}
      cancel="resources.payments.refund.cancel"
      send={send}
      success={() => 'resources.payments.refund.success'}
      failure={() => 'resources.payments.refund.failed'}
      unknownError="resources.payments.refund.unknown_error"
    >
      {sdk && <TextInput source="paymentId" label="resources.payments.fields.id" readOnly />}
      {points && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {translate('resources.payments.refund.points')}
        </Alert>
      )}
      <NumberInput
        readOnly={points}
        source="amount"
        label={sdk ? 'resources.payments.refund.amount' : undefined}
        step={0.01}
        min={0.01}
        max={payment.refundable}
        helperText={translate('resources.payments.refund.left', { amount: left })}
        validate={[
          required(),
          minValue(points ? 0 : 0.01, 'resources.payments.refund.positive'),
          maxValue(payment.refundable, translate('resources.payments.refund.too_much', { amount: left })),
        ]}
      />
      <TextInput source="reason" multiline minRows={2} validate={[required(), maxLength(500)]} />
      {recorded && (
        <>
          <Alert severity="info" sx={{ mb: 2 }}>
            {translate('resources.payments.refund.recorded')}
          </Alert>
          <TextInput
            source="reference"
            label="resources.payments.refund.reference"
            helperText={translate('resources.payments.refund.reference_help')}
            validate={payment.provider === TEST_PROVIDER ? [maxLength(200)] : [required(), maxLength(200)]}
          />
        </>
      )}
    </DialogShell>
  );
}

/** The refund on a payment's page. */
export default function RefundButton() {
  const record = useRecordContext<Payment | PaymentDetail>();
  const payment = record && detailOf<Payment, PaymentDetail>(record, 'events');
  return payment ? <RefundDialog payment={payment} /> : null;
}
