import type { ReactNode } from 'react';
import { Box, Chip, Link, Stack, Typography } from '@mui/material';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { ApiError, getProduct, getTokenMetadata } from '../api';
import { tokenIdHex } from '../../common/tokens';
import type { Product } from '../../common/products';
import { AddToCart } from '../components/AddToCart';
import { ProductPicture } from '../components/ProductCard';
import { ErrorText, Loading } from '../components/Status';
import { messageOf, useLoad } from '../components/useLoad';
import { useTitle } from '../components/useTitle';
import { useFormat } from '../format';
import { fill, labelOf, useI18n } from '../i18n';
import { useSiteName } from '../settings';
import { NotFoundMessage } from './NotFound';

/** A draft, withdrawn or unknown product answers 404; an id that is not a UUID, 400: both are "not found" here. */
const isMissing = (error: unknown) => error instanceof ApiError && (error.status === 404 || error.status === 400);

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ display: 'contents' }}>
      <Typography component="dt" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, fontWeight: 500, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Box>
  );
}

/**
 * A tokenised product's documents, as its public token metadata lists them: each a link with its SHA-256, so a copy can
 * be checked. Nothing when the product has none or the metadata cannot be read (the page stands without it).
 */
function Documents({ product }: { product: Product }) {
  const { m } = useI18n();
  const tokenId = product.tokenId ?? '';
  const result = useLoad(tokenId, (signal) => getTokenMetadata(tokenId, signal));
  const documents = result.status === 'ready' ? result.data.properties.documents : [];
  if (documents.length === 0) return null;
  return (
    <Box component="section" sx={{ mt: 3 }} data-testid="product-documents">
      <Typography variant="h2" sx={{ fontSize: '1.1rem', mb: 1 }}>
        {m.product.documents}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {m.product.documentsHelp}
      </Typography>
      <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
        {documents.map((d) => (
          <li key={d.url}>
            <Link href={d.url} target="_blank" rel="noopener">
              {`${labelOf(m.product.documentKinds, d.kind)}: ${d.name}`}
            </Link>
            <Typography
              component="span"
              variant="body2"
              color="text.secondary"
              sx={{ display: 'block', fontFamily: 'monospace', overflowWrap: 'anywhere' }}
            >
              {`SHA-256 ${d.sha256}`}
            </Typography>
          </li>
        ))}
      </Box>
      <Link href={`/api/tokens/${tokenIdHex(tokenId)}`} target="_blank" rel="noopener" variant="body2">
        {m.product.metadata}
      </Link>
    </Box>
  );
}

export default function ProductPage() {
  const { id = '' } = useParams();
  const { m } = useI18n();
  const f = useFormat();
  const siteName = useSiteName(m.app.defaultSiteName);
  const result = useLoad(id, (signal) => getProduct(id, signal));
  const product = result.status === 'ready' ? result.data : null;
  useTitle(
    product?.title ?? (result.status === 'failed' && isMissing(result.error) ? m.product.notFoundTitle : ''),
    siteName,
  );

  const back = (
    <Link component={RouterLink} to="/products" sx={{ display: 'inline-block', mb: 2 }}>
      ← {m.product.back}
    </Link>
  );

  if (result.status === 'loading')
    return (
      <>
        {back}
        <Loading label={m.product.loading} />
      </>
    );
  if (result.status === 'failed') {
    if (isMissing(result.error)) {
      return (
        <NotFoundMessage
          title={m.product.notFoundTitle}
          text={m.product.notFoundText}
          to="/products"
          action={m.product.back}
        />
      );
    }
    return (
      <>
        {back}
        <ErrorText
          message={fill(m.product.loadFailed, { message: messageOf(result.error) })}
          retry={result.retry}
          retryLabel={m.app.retry}
        />
      </>
    );
  }

  const p = result.data;
  const tokenised = p.tokenId !== null;
  const type = labelOf(m.rwaTypes, p.rwaType);
  return (
    <>
      {back}
      <Box
        component="article"
        sx={{
          display: 'grid',
          gap: { xs: 3, md: 5 },
          gridTemplateColumns: { xs: '1fr', md: '5fr 6fr' },
          alignItems: 'start',
        }}
      >
        <Box sx={{ borderRadius: 3, overflow: 'hidden', border: 1, borderColor: 'divider' }}>
          <ProductPicture product={p} height={340} full />
        </Box>
        <Box>
          <Typography variant="h1" sx={{ mb: 1.5 }}>
            {p.title}
          </Typography>
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mb: 2 }}>
            <Chip label={type} />
            {tokenised && <Chip color="secondary" variant="outlined" label={m.product.tokenisedChip} />}
            {p.minMemberLevel && (
              <Chip
                color="info"
                variant="outlined"
                label={fill(m.product.exclusiveChip, { level: labelOf(m.membership.levels, p.minMemberLevel) })}
              />
            )}
          </Stack>
          <Typography sx={{ fontSize: '1.75rem', fontWeight: 700 }}>{f.money(p.priceFiat)}</Typography>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            {f.crypto(p.priceCrypto)}
          </Typography>
          <Box sx={{ mb: 3, maxWidth: 520 }}>
            <AddToCart product={p} wide />
          </Box>
          <Typography sx={{ mb: 3, whiteSpace: 'pre-line' }} color={p.description ? 'text.primary' : 'text.secondary'}>
            {p.description || m.product.noDescription}
          </Typography>
          <Typography variant="h2" sx={{ fontSize: '1.1rem', mb: 1.5 }}>
            {m.product.details}
          </Typography>
          <Box
            component="dl"
            sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 3, rowGap: 1, m: 0 }}
          >
            <Fact label={m.product.category}>{p.category || '—'}</Fact>
            <Fact label={m.product.type}>{type}</Fact>
            <Fact label={m.product.priceFiat}>{f.money(p.priceFiat)}</Fact>
            <Fact label={m.product.priceCrypto}>{f.crypto(p.priceCrypto)}</Fact>
            <Fact label={m.product.stock}>
              {p.stock > 0 ? fill(m.product.inStock, { count: f.number(p.stock) }) : m.product.outOfStock}
            </Fact>
            <Fact label={m.product.tokenised}>
              {tokenised
                ? fill(m.product.tokenisedYes, { tokenId: p.tokenId ?? '', tokenType: p.tokenType })
                : m.product.tokenisedNo}
            </Fact>
            <Fact label={m.product.sku}>{p.sku}</Fact>
            {p.issuer && <Fact label={m.product.issuer}>{p.issuer}</Fact>}
            {p.custodian && <Fact label={m.product.custody}>{p.custodian}</Fact>}
            {p.valuationFiat !== null && p.valuationCurrency && (
              <Fact label={m.product.valuation}>
                {p.valuedOn
                  ? fill(m.product.valuationOn, {
                      amount: f.money(p.valuationFiat, p.valuationCurrency),
                      date: p.valuedOn,
                    })
                  : f.money(p.valuationFiat, p.valuationCurrency)}
              </Fact>
            )}
          </Box>
          {tokenised && <Documents product={p} />}
        </Box>
      </Box>
    </>
  );
}
