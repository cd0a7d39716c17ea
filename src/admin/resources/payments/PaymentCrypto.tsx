import { Link as MuiLink } from '@mui/material';
import type { CryptoRefund, PaymentDetail } from '../../../common/payments';
import DetailField from '../../components/DetailField';
import Section from '../../components/DetailSection';
import Mono from '../../components/Mono';
import { useTranslate } from 'react-admin';

const amount = (value: string, symbol: string) => <Mono>{`${value} ${symbol}`}</Mono>;

/** A transaction hash, linked to its page (the admin's /tx/{hash} on the dev chain, a block explorer elsewhere). */
export function TxLink({ hash, url }: { hash: string; url: string | null }) {
  if (!url) return <Mono>{hash}</Mono>;
  return (
    <MuiLink
      href={url}
      target="_blank"
      rel="noopener noreferrer"
      sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}
    >
      {hash}
    </MuiLink>
  );
}

/** A crypto payment's deposit: the address, the amount, what it received and what is missing or over, who paid. */
export function PaymentCrypto({ payment }: { payment: PaymentDetail }) {
  const c = payment.crypto;
  if (!c) return null;
  const f = (name: string) => `resources.payments.crypto.${name}`;
  return (
    <Section title={f('title')}>
      <DetailField label={f('deposit_address')} testId="crypto-address">
        <Mono>{c.depositAddress}</Mono>
      </DetailField>
      <DetailField label={f('chain')}>{c.chainId}</DetailField>
      <DetailField label={f('amount')} testId="crypto-amount">
        {amount(c.amount, c.symbol)}
      </DetailField>
      <DetailField label={f('received')} testId="crypto-received">
        {amount(c.received, c.symbol)}
      </DetailField>
      <DetailField label={f('missing')} testId="crypto-missing">
        {amount(c.missing, c.symbol)}
      </DetailField>
      {c.overpaid !== '0' && (
        <DetailField label={f('overpaid')} testId="crypto-overpaid">
          {amount(c.overpaid, c.symbol)}
        </DetailField>
      )}
      <DetailField label={f('payer')}>{c.payer && <Mono>{c.payer}</Mono>}</DetailField>
      <DetailField label={f('tx')}>{c.txHash && <TxLink hash={c.txHash} url={c.txUrl} />}</DetailField>
      <DetailField label={f('confirmations')}>{c.confirmations}</DetailField>
    </Section>
  );
}

/** A crypto refund's transaction in the refunds table: its hash (linked), what went back, the fee it paid and whether it is mined. */
export function CryptoRefundCell({ refund, symbol }: { refund: CryptoRefund; symbol: string }) {
  const translate = useTranslate();
  return (
    <>
      <TxLink hash={refund.txHash} url={refund.txUrl} />
      <div>
        {translate('resources.payments.crypto.refund_sent', {
          value: `${refund.value} ${symbol}`,
          fee: `${refund.fee} ${symbol}`,
        })}
        {' · '}
        {translate(`resources.payments.crypto.tx_status.${refund.status}`)}
      </div>
    </>
  );
}
