import { useEffect, useRef, useState } from 'react';
import { Alert, Box, Button, Paper, Typography } from '@mui/material';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import type { CheckoutOrder } from '../../common/checkout';
import { ApiError, getCheckoutOrder } from '../api';
import { cartStore } from '../cart';
import { checkoutSecret } from '../checkout';
import { CartTotals } from '../components/CartTotals';
import { orderTotals } from '../totals';
import { OrderCard } from '../components/OrderCard';
import { ErrorText, Loading } from '../components/Status';
import { messageOf } from '../components/useLoad';
import { useLive } from '../components/useLive';
import { useTitle } from '../components/useTitle';
import { fill, useI18n } from '../i18n';
import { useSession } from '../session';
import { useSiteName } from '../settings';
import { NotFoundMessage } from './NotFound';

const POLL_MS = 2000;

const isPaid = (o: CheckoutOrder) => o.status === 'paid' || o.status === 'fulfilled';
const allMinted = (o: CheckoutOrder) =>
  o.mintJobs.length >= o.items.filter((i) => i.tokenised).length &&
  o.mintJobs.every((j) => j.txHash || j.status === 'failed');

/** Nothing more will change that this page shows: paid with every mint sent, or over. */
const settled = (o: CheckoutOrder) => (isPaid(o) ? allMinted(o) : o.status !== 'pending');

/** A network blip or a busy server is worth asking again; "not yours" or "not found" is not. */
const transient = (e: unknown) => !(e instanceof ApiError) || e.status === 0 || e.status === 429 || e.status >= 500;

/** The order, asked for every 2 s until it settles. */
function usePolledOrder(id: string) {
  const [state, setState] = useState<{ order: CheckoutOrder | null; expired: boolean; error: unknown }>({
    order: null,
    expired: false,
    error: null,
  });
  const [attempt, setAttempt] = useState(0);
  const nudge = useRef<() => void>(() => undefined);
  useEffect(() => {
    if (!id) return;
    const ctrl = new AbortController();
    const secret = checkoutSecret(id);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const tick = async () => {
      try {
        const order = await getCheckoutOrder(id, secret, ctrl.signal);
        // Past its time to pay when last seen: a failed order then failed by expiry rather than a declined card.
        setState({ order, expired: !!order.expiresAt && Date.parse(order.expiresAt) <= Date.now(), error: null });
        if (!settled(order)) timer = setTimeout(tick, POLL_MS);
      } catch (error) {
        if (ctrl.signal.aborted) return;
        setState((s) => ({ ...s, error }));
        if (transient(error)) timer = setTimeout(tick, POLL_MS);
      }
    };
    void tick();
    nudge.current = () => {
      // A change of this order or of a payment (its own, for a shopper's stream): ask now, not at the next poll.
      clearTimeout(timer);
      void tick();
    };
    return () => {
      nudge.current = () => undefined;
      ctrl.abort();
      clearTimeout(timer);
    };
  }, [id, attempt]);
  useLive((event) => {
    if (!event || event.resource === 'payments' || (event.resource === 'orders' && event.id === id)) nudge.current();
  });
  return { ...state, retry: () => setAttempt((n) => n + 1) };
}

function Banner({
  tone,
  title,
  children,
}: {
  tone: 'success' | 'error' | 'info';
  title: string;
  children: React.ReactNode;
}) {
  const colours = {
    success: ['#e5f4e8', '#1b5e20', '✓'],
    error: ['#fde8e8', '#8e1b1b', '!'],
    info: ['#e3effb', '#0b4a82', 'i'],
  }[tone];
  return (
    <Box
      role="status"
      sx={{
        display: 'flex',
        gap: 2,
        alignItems: 'flex-start',
        p: { xs: 2.5, sm: 3 },
        mb: 3,
        borderRadius: 3,
        bgcolor: colours[0],
        color: colours[1],
      }}
    >
      <Box
        aria-hidden
        sx={{
          flexShrink: 0,
          width: 44,
          height: 44,
          borderRadius: '50%',
          bgcolor: colours[1],
          color: colours[0],
          display: 'grid',
          placeItems: 'center',
          fontSize: 24,
          fontWeight: 700,
        }}
      >
        {colours[2]}
      </Box>
      <Box>
        <Typography variant="h1" sx={{ fontSize: { xs: '1.6rem', sm: '2rem' }, mb: 0.5 }}>
          {title}
        </Typography>
        {children}
      </Box>
    </Box>
  );
}

/** Where the payment page sends the buyer back: the order as it settles, then each mint's transaction. */
export default function CheckoutComplete() {
  const { m } = useI18n();
  useTitle(m.complete.title, useSiteName(m.app.defaultSiteName));
  const session = useSession();
  const [params] = useSearchParams();
  const id = params.get('orderId') ?? '';
  const { order, expired, error, retry } = usePolledOrder(id);
  const paid = !!order && isPaid(order);

  useEffect(() => {
    if (paid) cartStore.clear();
  }, [paid]);

  if (!id)
    return <NotFoundMessage title={m.complete.title} text={m.complete.missing} to="/" action={m.complete.backToShop} />;
  if (!order) {
    if (!error) return <Loading label={m.complete.loading} />;
    if (transient(error))
      return (
        <ErrorText
          message={fill(m.complete.loadFailed, { message: messageOf(error) })}
          retry={retry}
          retryLabel={m.app.retry}
        />
      );
    return (
      <NotFoundMessage title={m.complete.title} text={m.complete.notYours} to="/" action={m.complete.backToShop} />
    );
  }

  return (
    <>
      {paid && (
        <Banner tone="success" title={m.complete.success}>
          <Typography sx={{ fontSize: '1.1rem' }}>{m.complete.thanks}</Typography>
          {order.items.some((i) => i.tokenised) && (
            <Typography sx={{ mt: 1 }}>{allMinted(order) ? m.complete.minted : m.complete.minting}</Typography>
          )}
        </Banner>
      )}
      {order.status === 'pending' && <Loading label={m.complete.waiting} />}
      {order.status === 'failed' && (
        <Banner tone="error" title={m.complete.failedTitle}>
          <Typography>{expired ? m.complete.failedExpired : m.complete.failedDeclined}</Typography>
        </Banner>
      )}
      {order.status === 'refunded' && (
        <Banner tone="info" title={m.complete.title}>
          <Typography>{m.complete.refunded}</Typography>
        </Banner>
      )}
      {error && transient(error) && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {fill(m.complete.loadFailed, { message: messageOf(error) })}
        </Alert>
      )}
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '2fr 1fr' }, alignItems: 'start' }}>
        <OrderCard order={order} />
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 2.5 } }}>
          <CartTotals totals={orderTotals(order)} couponCode={order.couponCode} />
        </Paper>
      </Box>
      <Box sx={{ display: 'flex', gap: 2, mt: 3, flexWrap: 'wrap' }}>
        <Button component={RouterLink} to={order.status === 'failed' ? '/cart' : '/products'} variant="contained">
          {order.status === 'failed' ? m.cart.title : m.cart.continueShopping}
        </Button>
        {session.user && (
          <Button component={RouterLink} to="/account" variant="outlined">
            {m.complete.viewOrders}
          </Button>
        )}
      </Box>
    </>
  );
}
