import { useState, type FormEvent } from 'react';
import { Alert, Box, Button, LinearProgress, Link, Paper, TextField, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import type { CartPrice, PricedCartLine } from '../../common/cart';
import { cartStore, useCart, type CartLine } from '../cart';
import { CartTotals } from '../components/CartTotals';
import { QtyInput } from '../components/QtyInput';
import { Empty, ErrorText, Loading } from '../components/Status';
import { useCartPrice } from '../components/useCartPrice';
import { messageOf } from '../components/useLoad';
import { useTitle } from '../components/useTitle';
import { useFormat } from '../format';
import { fill, useI18n, useServerText } from '../i18n';
import { useSiteName } from '../settings';

/** "Your cart is empty" and a way back to the catalogue (the checkout shows the same). */
export function EmptyCart() {
  const { m } = useI18n();
  return (
    <>
      <Empty>{m.cart.empty}</Empty>
      <Box sx={{ mt: 3, textAlign: 'center' }}>
        <Button component={RouterLink} to="/products" variant="contained">
          {m.cart.browse}
        </Button>
      </Box>
    </>
  );
}

function Line({ line, priced }: { line: CartLine; priced: PricedCartLine | undefined }) {
  const { m } = useI18n();
  const serverText = useServerText();
  const f = useFormat();
  const title = priced?.title ?? m.cart.unknownProduct;
  return (
    <Box
      component="li"
      sx={{
        display: 'grid',
        gap: { xs: 1.5, sm: 2 },
        alignItems: 'center',
        gridTemplateColumns: { xs: 'auto 1fr auto', sm: '1fr auto 110px auto' },
        py: 2,
        borderBottom: 1,
        borderColor: 'divider',
      }}
    >
      <Box sx={{ gridColumn: { xs: '1 / -1', sm: 'auto' }, minWidth: 0 }}>
        {priced?.title ? (
          <Link component={RouterLink} to={`/products/${line.productId}`} sx={{ fontWeight: 600 }}>
            {title}
          </Link>
        ) : (
          <Typography sx={{ fontWeight: 600 }}>{title}</Typography>
        )}
        {priced?.unitPrice != null && (
          <Typography variant="body2" color="text.secondary">
            {fill(m.cart.each, { price: f.money(priced.unitPrice) })}
          </Typography>
        )}
        {priced?.error && (
          <Typography variant="body2" color="error" role="alert" sx={{ mt: 0.5 }}>
            {serverText(priced.error, priced.errorMessage)}
          </Typography>
        )}
      </Box>
      <QtyInput
        value={line.qty}
        onChange={(qty) => cartStore.setQty(line.productId, qty)}
        label={fill(m.cart.qtyFor, { title })}
      />
      <Typography sx={{ fontWeight: 600, textAlign: 'right' }}>{priced ? f.money(priced.lineTotal) : ''}</Typography>
      <Button
        size="small"
        color="inherit"
        onClick={() => cartStore.remove(line.productId)}
        aria-label={fill(m.cart.removeFor, { title })}
        sx={{ justifySelf: 'end' }}
      >
        {m.cart.remove}
      </Button>
    </Box>
  );
}

/** The code field (what the cart keeps) and the server's verdict on it. */
function CouponForm({ code, verdict }: { code: string; verdict: CartPrice['coupon'] }) {
  const { m } = useI18n();
  const serverText = useServerText();
  const [draft, setDraft] = useState(code);
  const apply = (e: FormEvent) => {
    e.preventDefault();
    cartStore.setCoupon(draft);
  };
  return (
    <Box component="form" onSubmit={apply} sx={{ mb: 2 }}>
      <Box sx={{ display: 'flex', gap: 1 }}>
        <TextField
          label={m.cart.coupon}
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          slotProps={{ htmlInput: { maxLength: 40, autoCapitalize: 'characters', spellCheck: false } }}
        />
        <Button
          type="submit"
          variant="outlined"
          disabled={!draft.trim() || draft.trim() === code}
          sx={{ flexShrink: 0 }}
        >
          {m.cart.applyCoupon}
        </Button>
      </Box>
      {verdict && (
        <Alert
          severity={verdict.valid ? 'success' : 'error'}
          sx={{ mt: 1 }}
          action={
            <Button
              color="inherit"
              size="small"
              aria-label={m.cart.removeCoupon}
              onClick={() => {
                setDraft('');
                cartStore.setCoupon('');
              }}
            >
              {m.cart.remove}
            </Button>
          }
        >
          {serverText(verdict.message, verdict.said)}
        </Alert>
      )}
    </Box>
  );
}

export default function CartPage() {
  const { m } = useI18n();
  useTitle(m.cart.title, useSiteName(m.app.defaultSiteName));
  const cart = useCart();
  const price = useCartPrice(cart);
  const priced = price.data;

  const heading = (
    <Typography variant="h1" sx={{ mb: 3 }}>
      {m.cart.title}
    </Typography>
  );
  if (!cart.lines.length)
    return (
      <>
        {heading}
        <EmptyCart />
      </>
    );

  const lineErrors = !!priced?.lines.some((l) => l.error);
  const couponInvalid = !!priced?.coupon && !priced.coupon.valid;
  const blocked = !priced || price.stale || lineErrors || couponInvalid;
  return (
    <>
      {heading}
      {price.status === 'failed' && (
        <ErrorText
          message={fill(m.cart.priceFailed, { message: messageOf(price.error) })}
          retry={price.retry}
          retryLabel={m.app.retry}
        />
      )}
      {!priced && price.status === 'loading' && <Loading label={m.cart.pricing} />}
      <Box
        sx={{
          display: 'grid',
          gap: { xs: 3, md: 4 },
          gridTemplateColumns: { xs: '1fr', md: '3fr 2fr' },
          alignItems: 'start',
        }}
      >
        <Box>
          <Box
            component="ul"
            aria-label={m.cart.title}
            sx={{ listStyle: 'none', m: 0, p: 0, borderTop: 1, borderColor: 'divider' }}
          >
            {cart.lines.map((line) => (
              <Line
                key={line.productId}
                line={line}
                priced={priced?.lines.find((l) => l.productId === line.productId)}
              />
            ))}
          </Box>
          <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, mt: 2, flexWrap: 'wrap' }}>
            <Link component={RouterLink} to="/products">
              ← {m.cart.continueShopping}
            </Link>
            <Button size="small" color="inherit" onClick={() => cartStore.clear()}>
              {m.cart.clear}
            </Button>
          </Box>
        </Box>
        <Paper
          variant="outlined"
          component="section"
          aria-labelledby="summary-title"
          sx={{ p: { xs: 2, sm: 3 }, position: 'relative', overflow: 'hidden' }}
        >
          {price.stale && priced && (
            <LinearProgress aria-label={m.cart.updating} sx={{ position: 'absolute', top: 0, left: 0, right: 0 }} />
          )}
          <Typography id="summary-title" variant="h2" sx={{ fontSize: '1.2rem', mb: 2 }}>
            {m.cart.summary}
          </Typography>
          <CouponForm key={cart.couponCode} code={cart.couponCode} verdict={priced?.coupon ?? null} />
          {priced && <CartTotals totals={priced} couponCode={priced.coupon?.valid ? priced.coupon.code : null} />}
          {priced && !price.stale && (lineErrors || couponInvalid) && (
            <Typography variant="body2" color="error" sx={{ mt: 2 }}>
              {lineErrors ? m.cart.fixLines : m.cart.fixCoupon}
            </Typography>
          )}
          <Button
            component={RouterLink}
            to="/checkout"
            variant="contained"
            size="large"
            fullWidth
            disabled={blocked}
            sx={{ mt: 2.5 }}
          >
            {m.cart.checkout}
          </Button>
        </Paper>
      </Box>
    </>
  );
}
