import { useEffect, useState } from 'react';
import { Box, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import type { Product } from '../../common/products';
import { cartStore, MAX_LINES, MAX_QTY } from '../cart';
import { fill, useI18n } from '../i18n';
import { buttonSx } from './plain';
import { QtyInput } from './QtyInput';

/** How long the button reads "Added". */
const ADDED_MS = 2000;

/**
 * A quantity and "Add to cart" (on a card, the button on its own row; `wide`, beside it with a link to the cart once
 * added). An out-of-stock product gets neither; the server checks the stock again when pricing.
 */
export function AddToCart({ product, wide = false }: { product: Product; wide?: boolean }) {
  const { m } = useI18n();
  const [qty, setQty] = useState(1);
  // Times added on this page (the cart link stays once there is one), and whether the button still says so.
  const [added, setAdded] = useState(0);
  const [recent, setRecent] = useState(false);
  const [full, setFull] = useState(false);

  useEffect(() => {
    if (!added) return;
    const timer = setTimeout(() => setRecent(false), ADDED_MS);
    return () => clearTimeout(timer);
  }, [added]);

  if (product.stock <= 0) return <Typography color="text.secondary">{m.product.outOfStock}</Typography>;

  const add = () => {
    const ok = cartStore.add(product.id, qty);
    setFull(!ok);
    if (!ok) return;
    setAdded((n) => n + 1);
    setRecent(true);
  };

  return (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
      <QtyInput
        value={qty}
        onChange={setQty}
        max={Math.min(product.stock, MAX_QTY)}
        label={fill(m.cart.qtyFor, { title: product.title })}
      />
      <Box
        component="button"
        type="button"
        onClick={add}
        sx={[buttonSx('contained'), wide ? { flex: '1 1 auto', maxWidth: 240 } : { width: '100%' }]}
      >
        {recent ? `✓ ${m.cart.added}` : m.cart.add}
      </Box>
      {wide && added > 0 && (
        <Box component={RouterLink} to="/cart" sx={buttonSx('text')}>
          {m.cart.viewCart}
        </Box>
      )}
      <Box
        role="status"
        sx={{
          position: 'absolute',
          width: 1,
          height: 1,
          overflow: 'hidden',
          clipPath: 'inset(50%)',
          whiteSpace: 'nowrap',
        }}
      >
        {recent ? fill(m.cart.addedFor, { title: product.title }) : ''}
      </Box>
      {full && (
        <Typography role="alert" variant="body2" color="error" sx={{ width: '100%' }}>
          {fill(m.cart.full, { max: MAX_LINES })}
        </Typography>
      )}
    </Box>
  );
}
