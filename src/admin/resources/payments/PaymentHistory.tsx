import { Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { PaymentDetail, PaymentEvent } from '../../../common/payments';
import Mono from '../../components/Mono';
import { useFormat } from '../../hooks/useFormat';
import { CryptoRefundCell } from './PaymentCrypto';

/** The payment's refunds, oldest first: when, how much, why, the provider's reference and who gave it. */
export function PaymentRefunds({ payment }: { payment: PaymentDetail }) {
  const translate = useTranslate();
  const { money, dateTime } = useFormat();
  const refunds = payment.refunds;
  if (refunds.length === 0)
    return <Typography variant="body2">{translate('resources.payments.detail.no_refunds')}</Typography>;
  const f = (name: string) => translate(`resources.payments.fields.${name}`);
  return (
    <Table size="small" data-testid="payment-refunds">
      <TableHead>
        <TableRow>
          <TableCell>{f('createdAt')}</TableCell>
          <TableCell align="right">{f('amount')}</TableCell>
          <TableCell>{f('reason')}</TableCell>
          <TableCell>{f('reference')}</TableCell>
          <TableCell>{translate('resources.payments.detail.by')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {refunds.map((r) => (
          <TableRow key={r.id}>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{dateTime(r.createdAt)}</TableCell>
            <TableCell align="right">{money(r.amount, payment.currency)}</TableCell>
            <TableCell>{r.reason}</TableCell>
            <TableCell sx={{ wordBreak: 'break-all' }}>
              {r.crypto ? (
                <CryptoRefundCell refund={r.crypto} symbol={payment.crypto?.symbol ?? 'ETH'} />
              ) : (
                <Mono>{r.reference ?? '—'}</Mono>
              )}
            </TableCell>
            <TableCell>{r.by ?? '—'}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** The payment's timeline: each event with its time and what it carries (amount, reason, reference, code). */
export function PaymentTimeline({ payment }: { payment: PaymentDetail }) {
  const translate = useTranslate();
  const { money, dateTime } = useFormat();
  const details = (e: PaymentEvent) =>
    [
      e.amount === null
        ? null
        : translate('resources.payments.event.amount', { amount: money(e.amount, payment.currency) }),
      e.reason,
      e.reference,
      e.code === null ? null : translate('resources.payments.event.code', { code: e.code }),
    ]
      .filter(Boolean)
      .join(' · ');
  return (
    <Table size="small" data-testid="payment-timeline">
      <TableBody>
        {payment.events.map((e, i) => (
          <TableRow key={i}>
            <TableCell sx={{ whiteSpace: 'nowrap', width: { sm: 200 } }}>{dateTime(e.createdAt)}</TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap', width: { sm: 120 }, fontWeight: 500 }}>
              {translate(`resources.payments.event.${e.type}`, { _: e.type })}
            </TableCell>
            <TableCell sx={{ wordBreak: 'break-all' }}>{details(e)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
