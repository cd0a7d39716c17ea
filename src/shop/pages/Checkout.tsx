import { useRef, useState, type FormEvent } from 'react';
import {
  Alert,
  Box,
  Button,
  FormControlLabel,
  Link,
  Paper,
  Radio,
  RadioGroup,
  TextField,
  Typography,
} from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { idempotencyKeys } from '../../lib/idempotency';
import { ApiError, createCheckout, getOwnMembership, listProviders, type CheckoutInput } from '../api';
import { useCart } from '../cart';
import { EMAIL, WALLET_ADDRESS, rememberCheckout } from '../checkout';
import { CartTotals } from '../components/CartTotals';
import { ErrorText, Loading } from '../components/Status';
import { useCartPrice } from '../components/useCartPrice';
import { messageOf, useLoad } from '../components/useLoad';
import { useTitle } from '../components/useTitle';
import { useFormat } from '../format';
import { fill, useI18n, useServerText } from '../i18n';
import { useWalletText } from '../i18n/wallet';
import { CHECKOUT_CANCEL, CHECKOUT_RETURN } from '../paths';
import { useSession } from '../session';
import { useSiteName } from '../settings';
import { EmptyCart } from './Cart';
import { keptReferralCode } from '../referral';

const FIELDS = ['email', 'walletAddress'] as const;
const SHOP_PROVIDERS = ['sandbox', 'crypto'] as const;
type ShopProvider = (typeof SHOP_PROVIDERS)[number];
type Field = (typeof FIELDS)[number];
type Errors = Partial<Record<Field, string>>;

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, mb: 3, display: 'grid', gap: 2, minWidth: 0 }}>
      <Typography component="legend" variant="h2" sx={{ fontSize: '1.15rem', mb: 1.5, p: 0 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

export default function Checkout() {
  const { m } = useI18n();
  const serverText = useServerText();
  const walletText = useWalletText().wallet;
  const f = useFormat();
  useTitle(m.checkout.title, useSiteName(m.app.defaultSiteName));
  const session = useSession();
  // The shop offers the card sandbox and crypto, each when the server has it configured.
  const providers = useLoad('providers', listProviders);
  const offered = SHOP_PROVIDERS.filter(
    (name) => providers.data?.some((p) => p.name === name && p.configured) ?? name === 'sandbox',
  );
  const [chosen, setChosen] = useState<ShopProvider>('sandbox');
  const provider = offered.includes(chosen) ? chosen : (offered[0] ?? 'sandbox');
  const cart = useCart();
  const price = useCartPrice(cart);
  const priced = price.data;
  // The logged-in user's email until the buyer types another.
  const [typedEmail, setTypedEmail] = useState<string | null>(null);
  const email = typedEmail ?? session.user?.email ?? '';
  // The wallet on the shopper's account (null for a guest) until the buyer types another.
  const userId = session.status === 'in' ? session.user.id : null;
  const accountWallet = useLoad(`account-wallet:${userId ?? ''}`, (signal) =>
    userId ? getOwnMembership(signal).then((member) => member.walletAddress) : Promise.resolve(null),
  );
  const [typedWallet, setTypedWallet] = useState<string | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const keyFor = useRef(idempotencyKeys()).current;

  const heading = (
    <Typography variant="h1" sx={{ mb: 3 }}>
      {m.checkout.title}
    </Typography>
  );
  if (!cart.lines.length)
    return (
      <>
        {heading}
        <EmptyCart />
      </>
    );
  if (!priced) {
    return (
      <>
        {heading}
        {price.status === 'failed' ? (
          <ErrorText
            message={fill(m.cart.priceFailed, { message: messageOf(price.error) })}
            retry={price.retry}
            retryLabel={m.app.retry}
          />
        ) : (
          <Loading label={m.cart.pricing} />
        )}
      </>
    );
  }

  const tokenised = priced.lines.some((l) => l.tokenised);
  const wallet = typedWallet ?? (tokenised ? (accountWallet.data ?? '') : '');
  const walletFromAccount = typedWallet === null && !!wallet;
  const problems = priced.lines.some((l) => l.error) || (priced.coupon && !priced.coupon.valid);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const found: Errors = {};
    if (!email.trim()) found.email = m.checkout.emailRequired;
    else if (!EMAIL.test(email.trim())) found.email = m.checkout.emailInvalid;
    if (tokenised && !wallet.trim()) found.walletAddress = m.checkout.walletRequired;
    else if (wallet.trim() && !WALLET_ADDRESS.test(wallet.trim())) found.walletAddress = m.checkout.walletInvalid;
    setErrors(found);
    setError('');
    const first = FIELDS.find((k) => found[k]);
    if (first) return document.getElementById(`checkout-${first}`)?.focus();

    const referralCode = keptReferralCode();
    const body: CheckoutInput = {
      items: cart.lines,
      ...(cart.couponCode ? { couponCode: cart.couponCode } : {}),
      email: email.trim(),
      ...(tokenised || wallet.trim() ? { walletAddress: wallet.trim() } : {}),
      provider,
      returnUrl: CHECKOUT_RETURN,
      cancelUrl: CHECKOUT_CANCEL,
      ...(referralCode ? { referralCode } : {}),
    };
    setBusy(true);
    try {
      const session = await createCheckout(body, keyFor(body));
      rememberCheckout(session.orderId, session.checkoutSecret);
      // The provider's page is a page of its own (a real provider's is on another site): the busy state stays.
      window.location.assign(session.redirectUrl);
    } catch (err) {
      const fields: Errors = {};
      if (err instanceof ApiError && err.fields) for (const k of FIELDS) if (err.fields[k]) fields[k] = err.fields[k];
      setErrors(fields);
      setError(messageOf(err) || m.checkout.failed);
      setBusy(false);
      const firstField = FIELDS.find((k) => fields[k]);
      if (firstField) document.getElementById(`checkout-${firstField}`)?.focus();
    }
  };

  return (
    <>
      {heading}
      <Box
        sx={{
          display: 'grid',
          gap: { xs: 3, md: 4 },
          gridTemplateColumns: { xs: '1fr', md: '3fr 2fr' },
          alignItems: 'start',
        }}
      >
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
          <Box component="form" noValidate onSubmit={submit} aria-label={m.checkout.title}>
            {error && (
              <Alert severity="error" role="alert" sx={{ mb: 3 }}>
                {error}
              </Alert>
            )}
            <Section title={m.checkout.contact}>
              <TextField
                id="checkout-email"
                label={m.checkout.email}
                type="email"
                autoComplete="email"
                required
                value={email}
                onChange={(e) => setTypedEmail(e.target.value)}
                error={!!errors.email}
                helperText={
                  errors.email ??
                  (session.user ? fill(m.checkout.loggedInAs, { email: session.user.email }) : m.checkout.emailHelp)
                }
              />
              {!session.user && (
                <Typography variant="body2" color="text.secondary">
                  {m.checkout.guest}
                </Typography>
              )}
            </Section>
            {tokenised && (
              <Section title={m.checkout.wallet}>
                <TextField
                  id="checkout-walletAddress"
                  label={m.checkout.walletAddress}
                  placeholder="0x…"
                  autoComplete="off"
                  required
                  value={wallet}
                  onChange={(e) => setTypedWallet(e.target.value)}
                  error={!!errors.walletAddress}
                  helperText={
                    errors.walletAddress ?? (walletFromAccount ? walletText.fromAccount : m.checkout.walletHelp)
                  }
                  slotProps={{
                    htmlInput: {
                      spellCheck: false,
                      maxLength: 100,
                      sx: { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace' },
                    },
                  }}
                />
              </Section>
            )}
            <Section title={m.checkout.payment}>
              <RadioGroup
                name="provider"
                value={provider}
                onChange={(e) => setChosen(e.target.value as ShopProvider)}
                aria-label={m.checkout.provider}
              >
                {offered.map((name) => (
                  <FormControlLabel
                    key={name}
                    value={name}
                    control={<Radio />}
                    label={name === 'crypto' ? m.checkout.crypto : m.checkout.sandbox}
                  />
                ))}
              </RadioGroup>
              <Typography variant="body2" color="text.secondary" sx={{ mt: -1.5 }}>
                {provider === 'crypto' ? m.checkout.cryptoHelp : m.checkout.sandboxHelp}
              </Typography>
            </Section>
            <Button
              type="submit"
              variant="contained"
              size="large"
              fullWidth
              disabled={busy || !!problems || price.stale}
            >
              {busy ? m.checkout.placing : m.checkout.place}
            </Button>
            {problems && (
              <Typography variant="body2" color="error" sx={{ mt: 1.5 }}>
                {priced.lines.some((l) => l.error) ? m.cart.fixLines : m.cart.fixCoupon}{' '}
                <Link component={RouterLink} to="/cart">
                  {m.checkout.changeCart}
                </Link>
              </Typography>
            )}
          </Box>
        </Paper>
        <Paper variant="outlined" component="section" aria-labelledby="checkout-summary" sx={{ p: { xs: 2, sm: 3 } }}>
          <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'baseline', mb: 2 }}>
            <Typography id="checkout-summary" variant="h2" sx={{ fontSize: '1.2rem' }}>
              {m.cart.summary}
            </Typography>
            <Link component={RouterLink} to="/cart" variant="body2">
              {m.checkout.changeCart}
            </Link>
          </Box>
          <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, mb: 2, display: 'grid', gap: 1 }}>
            {priced.lines.map((l) => (
              <Box component="li" key={l.productId} sx={{ display: 'flex', justifyContent: 'space-between', gap: 2 }}>
                <Typography variant="body2">
                  {fill(m.orders.itemLine, { title: l.title ?? m.cart.unknownProduct, qty: f.number(l.qty) })}
                </Typography>
                <Typography variant="body2" sx={{ whiteSpace: 'nowrap' }}>
                  {f.money(l.lineTotal, priced.currency)}
                </Typography>
              </Box>
            ))}
          </Box>
          {priced.coupon?.valid && (
            <Typography variant="body2" color="success.main" sx={{ mb: 1 }}>
              {fill(m.checkout.coupon, { code: priced.coupon.code })}:{' '}
              {serverText(priced.coupon.message, priced.coupon.said)}
            </Typography>
          )}
          <CartTotals totals={priced} couponCode={priced.coupon?.valid ? priced.coupon.code : null} />
        </Paper>
      </Box>
    </>
  );
}
