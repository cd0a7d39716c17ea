import { Box, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import type { Product } from '../../common/products';
import { useFormat } from '../format';
import { fill, labelOf, useI18n } from '../i18n';
import { AddToCart } from './AddToCart';
import { Tag } from './Status';

/** Colours of the placeholder a product without an image gets, by its type. */
const TYPE_TINT: Record<string, string> = {
  commodity: '#c9a227',
  real_estate: '#3f7d5c',
  art: '#8e4d87',
  collectibles: '#b35c2e',
  bonds: '#2f5f8f',
};

/** The product's picture (the small one when there is one), or a tinted panel naming its type. */
export function ProductPicture({
  product,
  height,
  full = false,
}: {
  product: Product;
  height: number;
  full?: boolean;
}) {
  const { m } = useI18n();
  const src = full ? product.image : (product.imageThumb ?? product.image);
  if (src) {
    return (
      <Box
        component="img"
        src={src}
        alt={product.title}
        loading="lazy"
        sx={{ display: 'block', width: '100%', height, objectFit: full ? 'contain' : 'cover', bgcolor: 'action.hover' }}
      />
    );
  }
  const tint = TYPE_TINT[product.rwaType] ?? '#6b7280';
  return (
    <Box
      aria-hidden
      sx={{
        height,
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        background: `linear-gradient(135deg, ${tint}26, ${tint}59)`,
        // The type's own colour by day; lifted towards white on the dark page so the word stays readable.
        color: (theme) => (theme.palette.mode === 'dark' ? `color-mix(in srgb, ${tint} 45%, #fff)` : tint),
        fontWeight: 700,
        letterSpacing: 1,
        textTransform: 'uppercase',
        fontSize: 13,
      }}
    >
      {labelOf(m.rwaTypes, product.rwaType) || m.product.noImage}
    </Box>
  );
}

/** The title's link covers the whole card (its ::after), so the card opens the product while "Add to cart" stays a button of its own. */
export function ProductCard({ product }: { product: Product }) {
  const { m } = useI18n();
  const f = useFormat();
  return (
    <Box
      sx={{
        position: 'relative',
        height: '100%',
        display: 'flex',
        flexDirection: 'column',
        bgcolor: 'background.paper',
        border: 1,
        borderColor: 'divider',
        borderRadius: 2.5,
        overflow: 'hidden',
        transition: 'box-shadow 150ms, border-color 150ms',
        '&:hover': { borderColor: 'primary.light', boxShadow: '0 4px 16px rgba(29,59,92,0.18)' },
        '&:focus-within:has(a:focus-visible)': { outline: '3px solid', outlineColor: 'primary.main', outlineOffset: 2 },
      }}
    >
      <ProductPicture product={product} height={150} />
      <Box sx={{ p: 2, flexGrow: 1, display: 'flex', flexDirection: 'column', gap: 1 }}>
        <Typography component="h3" variant="h3" sx={{ fontSize: '1rem' }}>
          <Box
            component={RouterLink}
            to={`/products/${product.id}`}
            sx={{
              color: 'inherit',
              textDecoration: 'none',
              outline: 'none',
              '&::after': { content: '""', position: 'absolute', inset: 0 },
            }}
          >
            {product.title}
          </Box>
        </Typography>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <Tag>{labelOf(m.rwaTypes, product.rwaType)}</Tag>
          {product.tokenId !== null && <Tag tone="gold">{m.product.tokenisedChip}</Tag>}
          {product.minMemberLevel && (
            <Tag tone="info">
              {fill(m.product.exclusiveChip, { level: labelOf(m.membership.levels, product.minMemberLevel) })}
            </Tag>
          )}
        </Box>
        <Box sx={{ mt: 'auto', mb: 0.5 }}>
          <Typography sx={{ fontWeight: 700 }}>{f.money(product.priceFiat)}</Typography>
          <Typography variant="body2" color="text.secondary">
            {f.crypto(product.priceCrypto)}
          </Typography>
        </Box>
        <Box sx={{ position: 'relative', zIndex: 1 }}>
          <AddToCart product={product} />
        </Box>
      </Box>
    </Box>
  );
}

/** Cards in a responsive grid: one column on a phone, up to four on a wide screen. */
export function ProductGrid({ products }: { products: Product[] }) {
  return (
    <Box
      component="ul"
      sx={{
        listStyle: 'none',
        p: 0,
        m: 0,
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(3, 1fr)', lg: 'repeat(4, 1fr)' },
      }}
    >
      {products.map((p) => (
        <li key={p.id}>
          <ProductCard product={p} />
        </li>
      ))}
    </Box>
  );
}
