import { useEffect, useState } from 'react';
import { Alert, Box, Button, LinearProgress, Paper, Typography } from '@mui/material';
import { useParams } from 'react-router-dom';
import type { HostedCryptoPayment } from '../../common/payments';
import { ApiError, getCryptoPayment } from '../api';
import { ErrorText, Loading } from '../components/Status';
import { messageOf, useLoad } from '../components/useLoad';
import { useTitle } from '../components/useTitle';
import { useFormat } from '../format';
import { fill, labelOf, useI18n } from '../i18n';
import { NotFoundMessage } from '../pages/NotFound';

const withOrderId = (url: string, orderId: string) =>
  `${url}${url.includes('?') ? '&' : '?'}orderId=${encodeURIComponent(orderId)}`;
const MONO = {
  fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
  wordBreak: 'break-all',
} as const;
/** How often the page asks what has arrived. */
const POLL_MS = 2000;

function CopyButton({ text, label }: { text: string; label: string }) {
  const { m } = useI18n();
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(timer);
  }, [copied]);
  return (
    <Button
      size="small"
      variant="outlined"
      aria-label={label}
      onClick={() => void navigator.clipboard?.writeText(text).then(() => setCopied(true))}
    >
      {copied ? m.cryptoPay.copied : m.cryptoPay.copy}
    </Button>
  );
}

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Box>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      {children}
    </Box>
  );
}

/** The EIP-681 request as a QR code for a phone's wallet; the encoder loads with this page only. */
function PaymentQr({ uri, label }: { uri: string; label: string }) {
  const [svg, setSvg] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void import('qrcode')
      .then((qr) => qr.toString(uri, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' }))
      .then((text) => live && setSvg(text));
    return () => {
      live = false;
    };
  }, [uri]);
  return (
    <Box
      role="img"
      aria-label={label}
      data-testid="crypto-qr"
      sx={{ width: 168, height: 168, bgcolor: '#fff', p: 1, borderRadius: 1, '& svg': { display: 'block' } }}
      dangerouslySetInnerHTML={svg ? { __html: svg } : undefined}
    />
  );
}

function Instructions({ p }: { p: HostedCryptoPayment }) {
  const { m } = useI18n();
  const f = useFormat();
  const c = p.crypto;
  return (
    <Box sx={{ display: 'grid', gap: 2.5 }}>
      <Fact label={m.cryptoPay.send}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
          <Typography data-testid="crypto-amount" sx={{ fontSize: '1.8rem', fontWeight: 700, ...MONO }}>
            {c.amount} {c.symbol}
          </Typography>
          <CopyButton text={c.amount} label={m.cryptoPay.copyAmount} />
        </Box>
        <Typography variant="body2" color="text.secondary">
          {fill(m.cryptoPay.fiat, { amount: f.money(p.amount, p.currency) })}
        </Typography>
      </Fact>
      <Fact label={m.cryptoPay.to}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
          <Typography data-testid="crypto-address" sx={{ ...MONO, fontSize: '1rem' }}>
            {c.depositAddress}
          </Typography>
          <CopyButton text={c.depositAddress} label={m.cryptoPay.copyAddress} />
        </Box>
      </Fact>
      <Fact label={m.cryptoPay.network}>
        <Typography>{fill(m.cryptoPay.chain, { id: String(c.chainId) })}</Typography>
      </Fact>
      {p.status === 'pending' && (
        <Fact label={m.cryptoPay.scan}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
            <PaymentQr uri={c.paymentUri} label={m.cryptoPay.qr} />
            <Button variant="outlined" href={c.paymentUri}>
              {m.cryptoPay.openWallet}
            </Button>
          </Box>
        </Fact>
      )}
      {p.expiresAt && (
        <Typography variant="body2" color="text.secondary">
          {fill(m.pay.expires, { time: f.dateTime(p.expiresAt) })}
        </Typography>
      )}
      <Typography variant="body2" color="text.secondary">
        {fill(m.cryptoPay.confirmations, { n: String(c.confirmations) })}
      </Typography>
    </Box>
  );
}

function Progress({ p }: { p: HostedCryptoPayment }) {
  const { m } = useI18n();
  const c = p.crypto;
  const row = (label: string, value: string, id: string) => (
    <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2 }}>
      <Typography variant="body2">{label}</Typography>
      <Typography variant="body2" data-testid={id} sx={MONO}>
        {value} {c.symbol}
      </Typography>
    </Box>
  );
  const started = c.received !== '0';
  return (
    <Box component="section" aria-live="polite" sx={{ display: 'grid', gap: 1.5 }}>
      {p.status === 'pending' && (
        <>
          <Alert severity={started ? 'warning' : 'info'}>{started ? m.cryptoPay.underpaid : m.cryptoPay.waiting}</Alert>
          <LinearProgress aria-hidden />
        </>
      )}
      {p.status === 'completed' && <Alert severity="success">{m.cryptoPay.completed}</Alert>}
      {p.status !== 'pending' && p.status !== 'completed' && (
        <Alert severity="error">{labelOf(m.pay.state, p.status)}</Alert>
      )}
      {row(m.cryptoPay.received, c.received, 'crypto-received')}
      {row(m.cryptoPay.missing, c.missing, 'crypto-missing')}
      {c.overpaid !== '0' && row(m.cryptoPay.overpaid, c.overpaid, 'crypto-overpaid')}
      {c.payer && (
        <Typography variant="body2" color="text.secondary" sx={MONO}>
          {fill(m.cryptoPay.payer, { address: c.payer })}
        </Typography>
      )}
    </Box>
  );
}

/** The buyer's crypto page: where to send what, and what has arrived, asked again every 2 s until the payment settles. */
export default function CryptoPay() {
  const { paymentId = '' } = useParams();
  const { m } = useI18n();
  const [tick, setTick] = useState(0);
  const result = useLoad(`${paymentId}:${tick}`, (signal) => getCryptoPayment(paymentId, signal));
  // The last answer stays on screen while the next one loads.
  const payment = result.data;
  useTitle(payment ? fill(m.cryptoPay.title, { site: payment.siteName }) : '', m.cryptoPay.header);
  const settled = payment && payment.status !== 'pending';

  useEffect(() => {
    if (settled || result.status === 'loading') return;
    const timer = setTimeout(() => setTick((n) => n + 1), POLL_MS);
    return () => clearTimeout(timer);
  }, [tick, settled, result.status]);

  useEffect(() => {
    if (payment?.status !== 'completed') return;
    const timer = setTimeout(() => window.location.assign(withOrderId(payment.returnUrl, payment.orderId)), 1500);
    return () => clearTimeout(timer);
  }, [payment]);

  if (result.status === 'loading' && !payment) return <Loading label={m.pay.loading} />;
  if (result.status === 'failed' && !payment) {
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
  const p = payment!;
  return (
    <Paper
      variant="outlined"
      sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '3fr 2fr' }, overflow: 'hidden' }}
    >
      <Box sx={{ p: { xs: 2.5, sm: 4 } }}>
        <Typography variant="h1" sx={{ fontSize: '1.4rem', mb: 3 }}>
          {fill(m.cryptoPay.title, { site: p.siteName })}
        </Typography>
        <Instructions p={p} />
      </Box>
      <Box
        sx={{
          p: { xs: 2.5, sm: 4 },
          bgcolor: '#f7f8fa',
          borderStyle: 'solid',
          borderColor: 'divider',
          borderWidth: { xs: '1px 0 0 0', md: '0 0 0 1px' },
          display: 'grid',
          gap: 2,
          alignContent: 'start',
        }}
      >
        <Progress p={p} />
        {p.status === 'completed' ? (
          <Button variant="contained" href={withOrderId(p.returnUrl, p.orderId)}>
            {m.cryptoPay.toOrder}
          </Button>
        ) : (
          <Button variant="text" href={p.cancelUrl}>
            {m.pay.backToShop}
          </Button>
        )}
      </Box>
    </Paper>
  );
}
