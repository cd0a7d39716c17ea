import { Box, Button, Chip, Link, Paper, Typography } from '@mui/material';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router-dom';
import type { ShopTransaction } from '../../common/shop';
import { ApiError, getOwnTransaction } from '../api';
import { checkoutSecret } from '../checkout';
import { ErrorText, Loading } from '../components/Status';
import { messageOf, useLoad } from '../components/useLoad';
import { useTitle } from '../components/useTitle';
import { fill, labelOf, useI18n } from '../i18n';
import { useSession } from '../session';
import { useSiteName } from '../settings';
import { NotFoundMessage } from './NotFound';

const MONO = {
  fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
  wordBreak: 'break-all',
} as const;
const COLOURS = { pending: 'warning', success: 'success', reverted: 'error' } as const;

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '11rem 1fr' }, gap: { xs: 0.25, sm: 2 } }}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Box sx={MONO}>{children}</Box>
    </Box>
  );
}

function Details({ tx }: { tx: ShopTransaction }) {
  const { m } = useI18n();
  const t = m.transaction;
  return (
    <Paper variant="outlined" component="section" sx={{ p: { xs: 2.5, sm: 3.5 }, display: 'grid', gap: 1.5 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
        <Typography variant="h2">{labelOf(t.kinds, tx.kind)}</Typography>
        <Chip size="small" color={COLOURS[tx.status]} label={labelOf(t.statuses, tx.status)} />
      </Box>
      <Row label={t.hash}>{tx.hash}</Row>
      {tx.kind === 'mint' && (
        <>
          <Row label={t.token}>{fill(t.tokenLine, { amount: tx.amount ?? '', tokenId: tx.tokenId ?? '' })}</Row>
          <Row label={t.wallet}>{tx.walletAddress}</Row>
        </>
      )}
      {tx.orderId && <Row label={t.order}>{tx.orderId}</Row>}
      <Row label={t.chain}>{tx.chainId}</Row>
      <Row label={t.block}>
        {tx.blockNumber ? fill(t.blockLine, { block: tx.blockNumber, n: String(tx.confirmations) }) : t.notMined}
      </Row>
      {tx.from && <Row label={t.from}>{tx.from}</Row>}
      {tx.to && <Row label={t.to}>{tx.to}</Row>}
      {tx.explorerUrl && (
        <Link href={tx.explorerUrl} target="_blank" rel="noopener noreferrer">
          {t.explorer}
        </Link>
      )}
    </Paper>
  );
}

/** /shop/tx/:hash: one of the shopper's own transactions (a mint of their tokens, their crypto payment or refund). */
export default function Transaction() {
  const { hash = '' } = useParams();
  const { m } = useI18n();
  const session = useSession();
  useTitle(m.transaction.title, useSiteName(m.app.defaultSiteName));
  const orderId = useSearchParams()[0].get('order') ?? '';
  const secret = orderId ? checkoutSecret(orderId) : null;
  // A guest reads it with the secret their checkout left in this browser.
  const mayRead = session.status === 'in' || !!secret;
  const result = useLoad(`${mayRead}:${hash}`, (signal) =>
    mayRead ? getOwnTransaction(hash, { id: orderId, secret }, signal) : Promise.resolve(null),
  );

  let body: React.ReactNode;
  if (session.status === 'checking' || (mayRead && result.status === 'loading'))
    body = <Loading label={m.transaction.loading} />;
  else if (!mayRead)
    body = (
      <NotFoundMessage
        title={m.transaction.title}
        text={m.transaction.signIn}
        to="/account"
        action={m.transaction.toAccount}
      />
    );
  else if (result.status === 'failed') {
    const missing = result.error instanceof ApiError && (result.error.status === 404 || result.error.status === 400);
    body = missing ? (
      <NotFoundMessage
        title={m.transaction.title}
        text={m.transaction.notFound}
        to="/account"
        action={m.transaction.toAccount}
      />
    ) : (
      <ErrorText
        message={fill(m.transaction.loadFailed, { message: messageOf(result.error) })}
        retry={result.retry}
        retryLabel={m.app.retry}
      />
    );
  } else body = result.data && <Details tx={result.data} />;

  return (
    <Box sx={{ display: 'grid', gap: 2.5, maxWidth: 820 }}>
      <Typography variant="h1" tabIndex={-1}>
        {m.transaction.title}
      </Typography>
      {body}
      <Box>
        <Button component={RouterLink} to="/account" variant="text">
          {m.transaction.toAccount}
        </Button>
      </Box>
    </Box>
  );
}
