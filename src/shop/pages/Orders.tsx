import { useEffect, useState } from 'react';
import { Box, Stack, Typography } from '@mui/material';
import { ApiError, ORDERS_PAGE_SIZE, listOwnOrders } from '../api';
import { OrderCard } from '../components/OrderCard';
import { Pager } from '../components/Pager';
import { Empty, ErrorText, Loading } from '../components/Status';
import { messageOf, useLoad } from '../components/useLoad';
import { useFormat } from '../format';
import { fill, useI18n } from '../i18n';
import { useSession } from '../session';

/** The logged-in shopper's own orders, newest first, ten a page. */
export default function Orders() {
  const { m } = useI18n();
  const f = useFormat();
  const session = useSession();
  const [page, setPage] = useState(1);
  const offset = (page - 1) * ORDERS_PAGE_SIZE;
  const result = useLoad(`orders:${offset}`, (signal) => listOwnOrders({ limit: ORDERS_PAGE_SIZE, offset }, signal));

  // An expired session: the transport forgot the token; show the forms again.
  const expired = result.status === 'failed' && result.error instanceof ApiError && result.error.status === 401;
  const { recheck } = session;
  useEffect(() => {
    if (expired) recheck();
  }, [expired, recheck]);

  const data = result.data;
  const pages = data ? Math.ceil(data.total / ORDERS_PAGE_SIZE) : 0;
  return (
    <Box component="section" aria-labelledby="orders-title" sx={{ mb: 4 }}>
      <Box sx={{ display: 'flex', alignItems: 'baseline', justifyContent: 'space-between', gap: 2, mb: 2 }}>
        <Typography id="orders-title" variant="h2">
          {m.orders.title}
        </Typography>
        {data && data.total > 0 && (
          <Typography variant="body2" color="text.secondary">
            {data.total === 1 ? m.orders.totalOne : fill(m.orders.total, { total: f.number(data.total) })}
          </Typography>
        )}
      </Box>
      {result.status === 'loading' && <Loading label={m.orders.loading} />}
      {result.status === 'failed' && !expired && (
        <ErrorText
          message={fill(m.orders.loadFailed, { message: messageOf(result.error) })}
          retry={result.retry}
          retryLabel={m.app.retry}
        />
      )}
      {result.status === 'ready' &&
        (result.data.orders.length ? (
          <Stack spacing={2}>
            {result.data.orders.map((o) => (
              <OrderCard key={o.id} order={o} />
            ))}
          </Stack>
        ) : (
          <Empty>{m.orders.empty}</Empty>
        ))}
      {data && result.status !== 'failed' && (
        <Pager page={page} pages={pages} label={m.orders.paging} onChange={setPage} />
      )}
    </Box>
  );
}
