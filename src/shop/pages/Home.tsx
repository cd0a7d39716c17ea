import { Box, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { listProducts } from '../api';
import { buttonSx } from '../components/plain';
import { ProductGrid } from '../components/ProductCard';
import { Empty, ErrorText, Loading } from '../components/Status';
import { messageOf, useLoad } from '../components/useLoad';
import { useTitle } from '../components/useTitle';
import { fill, useI18n } from '../i18n';
import { useSiteName } from '../settings';

/** How many of the newest products the home page shows. */
const FEATURED = 4;

export default function Home() {
  const { m } = useI18n();
  const siteName = useSiteName(m.app.defaultSiteName);
  useTitle('', siteName);
  const featured = useLoad('featured', (signal) => listProducts({ limit: FEATURED, offset: 0 }, signal));

  return (
    <>
      <Box
        component="section"
        aria-labelledby="home-title"
        sx={{
          mb: 5,
          p: { xs: 3, sm: 5 },
          borderRadius: 3,
          color: '#fff',
          background: 'linear-gradient(120deg, #1d3b5c 0%, #2d5a82 65%, #8a6a1f 130%)',
        }}
      >
        <Typography id="home-title" variant="h1" sx={{ mb: 2 }}>
          {siteName || '\u00a0'}
        </Typography>
        <Typography sx={{ maxWidth: 680, mb: 3, fontSize: '1.05rem', opacity: 0.92 }}>{m.home.intro}</Typography>
        <Box
          component={RouterLink}
          to="/products"
          sx={[buttonSx('contained', 'secondary'), { px: 2.75, py: 1, fontSize: '1rem' }]}
        >
          {m.home.browse}
        </Box>
      </Box>
      <Box component="section" aria-labelledby="featured-title">
        <Typography id="featured-title" variant="h2" sx={{ mb: 2 }}>
          {m.home.featured}
        </Typography>
        {featured.status === 'loading' && <Loading label={m.products.loading} />}
        {featured.status === 'failed' && (
          <ErrorText
            message={fill(m.products.loadFailed, { message: messageOf(featured.error) })}
            retry={featured.retry}
            retryLabel={m.app.retry}
          />
        )}
        {featured.status === 'ready' &&
          (featured.data.products.length ? (
            <ProductGrid products={featured.data.products} />
          ) : (
            <Empty>{m.home.featuredEmpty}</Empty>
          ))}
      </Box>
    </>
  );
}
