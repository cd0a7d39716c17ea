import { useEffect, useState, type FormEvent } from 'react';
import { Alert, Box, Button, Link, Paper, TextField, Typography } from '@mui/material';
import { useParams } from 'react-router-dom';
import { SANDBOX_CARDS, type HostedPayment } from '../../common/checkout';
import { ApiError, confirmSandboxPayment, getHostedPayment } from '../api';
import { CartTotals } from '../components/CartTotals';
import { ErrorText, Loading } from '../components/Status';
import { messageOf, useLoad } from '../components/useLoad';
import { useTitle } from '../components/useTitle';
import { useFormat } from '../format';
import { fill, labelOf, useI18n } from '../i18n';
import { NotFoundMessage } from '../pages/NotFound';
import { orderTotals } from '../totals';
import {
  digitsOf,
  formatCardNumber,
  formatCvc,
  formatExpiry,
  incompleteFields,
  type CardField,
  type CardValues,
} from './card';

const withOrderId = (url: string, orderId: string) =>
  `${url}${url.includes('?') ? '&' : '?'}orderId=${encodeURIComponent(orderId)}`;

const FIELDS: CardField[] = ['name', 'cardNumber', 'expiry', 'cvc'];
const EMPTY: CardValues = { name: '', cardNumber: '', expiry: '', cvc: '' };

function Summary({ payment }: { payment: HostedPayment }) {
  const { m } = useI18n();
  const f = useFormat();
  return (
    <Box component="section" aria-label={m.pay.items}>
      <Typography variant="h1" sx={{ fontSize: '1.4rem', mb: 2 }}>
        {fill(m.pay.title, { site: payment.siteName })}
      </Typography>
      <Typography color="text.secondary">{m.pay.amount}</Typography>
      <Typography sx={{ fontSize: '2rem', fontWeight: 700, mb: 2 }}>
        {f.money(payment.amount, payment.currency)}
      </Typography>
      <Box
        component="ul"
        sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1, borderTop: 1, borderColor: 'divider', pt: 2 }}
      >
        {payment.items.map((item, i) => (
          <Box component="li" key={i} sx={{ display: 'flex', justifyContent: 'space-between', gap: 2 }}>
            <Typography variant="body2">
              {fill(m.orders.itemLine, { title: item.title, qty: f.number(item.qty) })}
            </Typography>
            <Typography variant="body2" sx={{ whiteSpace: 'nowrap' }}>
              {f.money(item.lineTotal, payment.currency)}
            </Typography>
          </Box>
        ))}
      </Box>
      <Box sx={{ borderTop: 1, borderColor: 'divider', pt: 2, mt: 2 }}>
        <CartTotals totals={orderTotals({ ...payment, amountFiat: payment.amount })} couponCode={payment.couponCode} />
      </Box>
      {payment.expiresAt && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
          {fill(m.pay.expires, { time: f.dateTime(payment.expiresAt) })}
        </Typography>
      )}
    </Box>
  );
}

/** The test cards, each a button that fills in its number. */
function TestCards({ onPick }: { onPick: (number: string) => void }) {
  const { m } = useI18n();
  const cards = [
    [SANDBOX_CARDS.succeeds, m.pay.cardSucceeds],
    [SANDBOX_CARDS.declined, m.pay.cardDeclined],
    [SANDBOX_CARDS.insufficientFunds, m.pay.cardInsufficient],
  ] as const;
  return (
    <Alert severity="info" icon={false} sx={{ mt: 3 }}>
      <Typography variant="body2" sx={{ mb: 1 }}>
        {m.pay.testCards}
      </Typography>
      <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none', display: 'grid', gap: 0.5 }}>
        {cards.map(([number, label]) => (
          <li key={number}>
            <Link
              component="button"
              type="button"
              onClick={() => onPick(number)}
              sx={{ fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace', mr: 1 }}
            >
              {formatCardNumber(number)}
            </Link>
            <Typography component="span" variant="body2">
              {label}
            </Typography>
          </li>
        ))}
      </Box>
    </Alert>
  );
}

function CardForm({ payment, onSettled }: { payment: HostedPayment; onSettled: (failure: string) => void }) {
  const { m } = useI18n();
  const f = useFormat();
  const [card, setCard] = useState<CardValues>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<CardField, string>>>({});
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const incomplete: Record<CardField, string> = {
    name: m.pay.nameRequired,
    cardNumber: m.pay.cardNumberIncomplete,
    expiry: m.pay.expiryIncomplete,
    cvc: m.pay.cvcIncomplete,
  };
  const focus = (field: CardField | undefined) => field && document.getElementById(`card-${field}`)?.focus();
  const [refusals, setRefusals] = useState(0);
  // After a refused card, once the form is enabled again: the next card goes in the emptied number field.
  useEffect(() => {
    if (refusals > 0) focus('cardNumber');
  }, [refusals]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const missing = incompleteFields(card);
    setErrors(Object.fromEntries(missing.map((k) => [k, incomplete[k]])));
    setError('');
    if (missing.length) return focus(missing[0]);
    setBusy(true);
    try {
      const done = await confirmSandboxPayment(payment.id, {
        ...card,
        name: card.name.trim(),
        cardNumber: digitsOf(card.cardNumber),
      });
      window.location.assign(done.redirectUrl);
      return;
    } catch (err) {
      setBusy(false);
      if (!(err instanceof ApiError)) return setError(messageOf(err) || m.pay.failed);
      // A 409 (already paid, expired) means the page is out of date; too many refused cards closed the checkout.
      if (err.status === 409 || err.code === 'card_attempts_exhausted') return onSettled(err.message);
      // A refused card (402) ends only this attempt: the buyer says which card to try next.
      if (err.status === 402) {
        setCard((c) => ({ ...c, cardNumber: '', cvc: '' }));
        setError(err.message);
        return setRefusals((n) => n + 1);
      }
      const fields = Object.fromEntries(FIELDS.filter((k) => err.fields?.[k]).map((k) => [k, err.fields![k]!]));
      setErrors(fields);
      if (Object.keys(fields).length) return focus(FIELDS.find((k) => fields[k]));
      setError(err.message);
    }
  };

  const field = (name: CardField, label: string, format: (v: string) => string, extra: Record<string, unknown>) => (
    <TextField
      id={`card-${name}`}
      label={label}
      value={card[name]}
      onChange={(e) => setCard((c) => ({ ...c, [name]: format(e.target.value) }))}
      error={!!errors[name]}
      helperText={errors[name]}
      disabled={busy}
      required
      slotProps={{ htmlInput: extra, inputLabel: { shrink: true } }}
    />
  );

  return (
    <Box component="form" noValidate onSubmit={submit} aria-label={m.pay.secure} sx={{ display: 'grid', gap: 2 }}>
      {error && (
        <Alert severity="error" role="alert">
          {error}
        </Alert>
      )}
      {field('name', m.pay.name, (v) => v, { autoComplete: 'cc-name', maxLength: 120 })}
      {field('cardNumber', m.pay.cardNumber, formatCardNumber, {
        autoComplete: 'cc-number',
        inputMode: 'numeric',
        placeholder: '1234 1234 1234 1234',
      })}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: '1fr 1fr' }}>
        {field('expiry', m.pay.expiry, (v) => formatExpiry(v, card.expiry), {
          autoComplete: 'cc-exp',
          inputMode: 'numeric',
          placeholder: 'MM/YY',
          maxLength: 5,
        })}
        {field('cvc', m.pay.cvc, formatCvc, { autoComplete: 'cc-csc', inputMode: 'numeric', placeholder: '123' })}
      </Box>
      <Button type="submit" variant="contained" size="large" disabled={busy}>
        {busy ? m.pay.processing : fill(m.pay.pay, { amount: f.money(payment.amount, payment.currency) })}
      </Button>
      <Link href={payment.cancelUrl} sx={{ justifySelf: 'center' }}>
        {m.pay.cancel}
      </Link>
      <TestCards onPick={(number) => setCard((c) => ({ ...c, cardNumber: formatCardNumber(number) }))} />
    </Box>
  );
}

/** The sandbox provider's hosted card page (what a real provider's checkout page does, with test cards). */
export default function SandboxPay() {
  const { paymentId = '' } = useParams();
  const { m } = useI18n();
  const [failure, setFailure] = useState('');
  const [reloads, setReloads] = useState(0);
  const result = useLoad(`${paymentId}:${reloads}`, (signal) => getHostedPayment(paymentId, signal));
  const payment = result.status === 'ready' ? result.data : null;
  useTitle(payment ? fill(m.pay.title, { site: payment.siteName }) : '', m.pay.secure);

  if (result.status === 'loading') return <Loading label={m.pay.loading} />;
  if (result.status === 'failed') {
    const missing = result.error instanceof ApiError && (result.error.status === 404 || result.error.status === 400);
    if (missing) return <NotFoundMessage title={m.app.notFoundTitle} text={m.pay.notFound} />;
    return (
      <ErrorText
        message={fill(m.pay.loadFailed, { message: messageOf(result.error) })}
        retry={result.retry}
        retryLabel={m.app.retry}
      />
    );
  }

  const p = result.data;
  const settle = (sentence: string) => {
    setFailure(sentence);
    setReloads((n) => n + 1);
  };
  const done = p.status !== 'pending';
  return (
    <Paper
      variant="outlined"
      sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, overflow: 'hidden' }}
    >
      <Box
        sx={{
          p: { xs: 2.5, sm: 4 },
          bgcolor: '#f7f8fa',
          borderStyle: 'solid',
          borderColor: 'divider',
          borderWidth: { xs: '0 0 1px 0', md: '0 1px 0 0' },
        }}
      >
        <Summary payment={p} />
      </Box>
      <Box sx={{ p: { xs: 2.5, sm: 4 } }}>
        {failure && (
          <Alert severity="error" role="alert" sx={{ mb: 2 }}>
            {failure}
          </Alert>
        )}
        {done ? (
          <Box sx={{ display: 'grid', gap: 2, justifyItems: 'start' }}>
            <Typography sx={{ fontSize: '1.1rem', fontWeight: 600 }}>{labelOf(m.pay.state, p.status)}</Typography>
            <Button
              variant="contained"
              href={p.status === 'completed' ? withOrderId(p.returnUrl, p.orderId) : p.cancelUrl}
            >
              {m.pay.backToShop}
            </Button>
          </Box>
        ) : (
          <CardForm payment={p} onSettled={settle} />
        )}
      </Box>
    </Paper>
  );
}
