import { useState, type FormEvent } from 'react';
import { Box, Button, LinearProgress, TextField, Typography } from '@mui/material';
import { useSearchParams } from 'react-router-dom';
import { RWA_TYPES } from '../../common/products';
import { PAGE_SIZE, listProducts } from '../api';
import { Pager } from '../components/Pager';
import { ProductGrid } from '../components/ProductCard';
import { Empty, ErrorText, Loading } from '../components/Status';
import { messageOf, useLoad } from '../components/useLoad';
import { useTitle } from '../components/useTitle';
import { useFormat } from '../format';
import { fill, labelOf, useI18n } from '../i18n';
import { useSiteName } from '../settings';

const isRwaType = (value: string | null): value is string =>
  !!value && (RWA_TYPES as readonly string[]).includes(value);

/** The catalogue: search (q), a type filter and pages of 12, all kept in the address so Back and links work. */
export default function Products() {
  const { m } = useI18n();
  const f = useFormat();
  useTitle(m.products.title, useSiteName(m.app.defaultSiteName));
  const [params, setParams] = useSearchParams();
  const q = params.get('q')?.trim() ?? '';
  const rwaType = isRwaType(params.get('type')) ? params.get('type')! : '';
  const page = Math.max(1, Math.floor(Number(params.get('page')) || 1));
  const offset = (page - 1) * PAGE_SIZE;

  // What the box shows; it follows the address when that changes (Back, "Clear filters").
  const [draft, setDraft] = useState(q);
  const [shownQ, setShownQ] = useState(q);
  if (shownQ !== q) {
    setShownQ(q);
    setDraft(q);
  }

  const result = useLoad(JSON.stringify([q, rwaType, offset]), (signal) =>
    listProducts({ limit: PAGE_SIZE, offset, q: q || undefined, rwaType: rwaType || undefined }, signal),
  );

  const go = (next: { q?: string; type?: string; page?: number }) => {
    const search = new URLSearchParams();
    const nq = next.q ?? q;
    const nt = next.type ?? rwaType;
    if (nq) search.set('q', nq);
    if (nt) search.set('type', nt);
    if (next.page && next.page > 1) search.set('page', String(next.page));
    setParams(search);
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    go({ q: draft.trim() });
  };

  const data = result.data;
  const filtered = !!(q || rwaType);
  const pages = data ? Math.ceil(data.total / PAGE_SIZE) : 0;

  return (
    <>
      <Typography variant="h1" sx={{ mb: 3 }}>
        {m.products.title}
      </Typography>
      <Box
        component="form"
        role="search"
        onSubmit={submit}
        sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap', alignItems: 'flex-start', mb: 2 }}
      >
        <TextField
          type="search"
          name="q"
          label={m.products.search}
          placeholder={m.products.searchPlaceholder}
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          sx={{ flex: '1 1 260px' }}
          slotProps={{ htmlInput: { maxLength: 200 } }}
        />
        <TextField
          select
          name="type"
          label={m.products.type}
          value={rwaType}
          onChange={(e) => go({ type: e.target.value })}
          sx={{ flex: '0 1 200px' }}
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        >
          <option value="">{m.products.allTypes}</option>
          {RWA_TYPES.map((t) => (
            <option key={t} value={t}>
              {labelOf(m.rwaTypes, t)}
            </option>
          ))}
        </TextField>
        <Button type="submit" variant="contained" sx={{ height: 40 }}>
          {m.products.searchButton}
        </Button>
        {filtered && (
          <Button type="button" onClick={() => setParams(new URLSearchParams())} sx={{ height: 40 }}>
            {m.products.clear}
          </Button>
        )}
      </Box>

      <Box sx={{ minHeight: 28, mb: 1 }}>
        {result.status === 'loading' && data && <LinearProgress aria-label={m.products.loading} />}
        {result.status === 'ready' && result.data.products.length > 0 && (
          <Typography variant="body2" color="text.secondary" aria-live="polite">
            {fill(result.data.totalIsEstimate ? m.products.showingEstimate : m.products.showing, {
              from: f.number(offset + 1),
              to: f.number(offset + result.data.products.length),
              total: f.number(result.data.total),
            })}
          </Typography>
        )}
      </Box>

      {result.status === 'loading' && !data && <Loading label={m.products.loading} />}
      {result.status === 'failed' && (
        <ErrorText
          message={fill(m.products.loadFailed, { message: messageOf(result.error) })}
          retry={result.retry}
          retryLabel={m.app.retry}
        />
      )}
      {result.status !== 'failed' && data && (
        <Box
          sx={{ opacity: result.status === 'loading' ? 0.55 : 1, transition: 'opacity 120ms' }}
          aria-busy={result.status === 'loading'}
        >
          {data.products.length ? (
            <ProductGrid products={data.products} />
          ) : (
            <Empty>{filtered ? m.products.empty : m.products.emptyAll}</Empty>
          )}
        </Box>
      )}

      {data && result.status !== 'failed' && (
        <Pager page={page} pages={pages} label={m.products.paging} onChange={(p) => go({ page: p })} />
      )}
    </>
  );
}
