import type { ReactNode } from 'react';
import { Box, Chip, Link, Paper, Stack, Typography, type ChipProps } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import type { MintJob } from '../../common/mint';
import { shortId } from '../../common/ids';
import type { ShopOrder } from '../../common/orders';
import { useFormat } from '../format';
import { fill, labelOf, useI18n } from '../i18n';

/** Ids are shown by their first characters (the whole id goes in a title). */
/** A transaction is named by the first 10 characters of its hash. */
const TX_SHOWN = 10;

type Colour = ChipProps['color'];
const ORDER_COLOUR: Record<string, Colour> = {
  pending: 'warning',
  paid: 'info',
  fulfilled: 'success',
  failed: 'error',
  refunded: 'default',
};
const PAYMENT_COLOUR: Record<string, Colour> = {
  pending: 'warning',
  completed: 'success',
  failed: 'error',
  refunded: 'default',
};
const MINT_COLOUR: Record<string, Colour> = {
  queued: 'default',
  processing: 'info',
  succeeded: 'success',
  failed: 'error',
};

const MONO = { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace' } as const;

function StatusChip({
  labels,
  colours,
  value,
}: {
  labels: Record<string, string>;
  colours: Record<string, Colour>;
  value: string;
}) {
  return <Chip size="small" color={colours[value] ?? 'default'} label={labelOf(labels, value)} />;
}

/**
 * The mint's transaction: a link named by the hash's first 10 characters. On a chain without a public explorer (the
 * server answers the back office's own page) it is the buyer's page of it in the shop; a public explorer opens in a
 * new tab.
 */
function TxLink({ job }: { job: MintJob }) {
  const { m } = useI18n();
  if (!job.txHash)
    return (
      <Typography component="span" color="text.secondary">
        {m.orders.noTransaction}
      </Typography>
    );
  const text = job.txHash.slice(0, TX_SHOWN);
  if (!job.explorerUrl)
    return (
      <Box component="span" title={job.txHash} sx={MONO}>
        {text}
      </Box>
    );
  const external = !job.explorerUrl.startsWith('/') || job.explorerUrl.startsWith('//');
  return (
    <Link
      {...(external
        ? { href: job.explorerUrl, target: '_blank', rel: 'noopener noreferrer' }
        : { component: RouterLink, to: `/tx/${job.txHash}?order=${encodeURIComponent(job.orderId)}` })}
      title={job.txHash}
      sx={MONO}
    >
      {text}
    </Link>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Box sx={{ mt: 0.25 }}>{children}</Box>
    </Box>
  );
}

export function OrderCard({ order }: { order: ShopOrder }) {
  const { m } = useI18n();
  const f = useFormat();
  const headingId = `order-${order.id}`;
  return (
    <Paper variant="outlined" component="article" aria-labelledby={headingId} sx={{ p: { xs: 2, sm: 2.5 } }}>
      <Box
        sx={{
          display: 'flex',
          justifyContent: 'space-between',
          alignItems: 'baseline',
          gap: 1,
          flexWrap: 'wrap',
          mb: 2,
        }}
      >
        <Typography id={headingId} variant="h3" component="h3" title={order.id}>
          {fill(m.orders.order, { id: shortId(order.id) })}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {fill(m.orders.placed, { date: f.dateTime(order.createdAt) })}
        </Typography>
      </Box>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(3, 1fr)' },
          mb: order.items.length || order.mintJobs.length ? 2 : 0,
        }}
      >
        <Fact label={m.orders.status}>
          <StatusChip labels={m.orderStatus} colours={ORDER_COLOUR} value={order.status} />
        </Fact>
        <Fact label={m.orders.amount}>
          <Typography sx={{ fontWeight: 700 }}>{f.money(order.amountFiat, order.currency)}</Typography>
        </Fact>
        <Fact label={m.orders.payment}>
          {order.payment ? (
            <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center', flexWrap: 'wrap' }}>
              <StatusChip labels={m.paymentStatus} colours={PAYMENT_COLOUR} value={order.payment.status} />
              {order.status === 'pending' && order.payment.status === 'pending' && order.payment.url && (
                <Link href={order.payment.url} variant="body2">
                  {m.orders.payNow}
                </Link>
              )}
            </Box>
          ) : (
            <Typography color="text.secondary">{m.orders.noPayment}</Typography>
          )}
        </Fact>
      </Box>
      {order.items.length > 0 && (
        <Fact label={m.orders.items}>
          <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
            {order.items.map((item) => (
              <li key={item.id}>
                <Typography variant="body2">
                  {fill(m.orders.itemLine, { title: item.title, qty: f.number(item.qty) })}
                </Typography>
              </li>
            ))}
          </Box>
        </Fact>
      )}
      {order.mintJobs.length > 0 && (
        <Box sx={{ mt: 2 }}>
          <Fact label={m.orders.tokens}>
            <Stack component="ul" spacing={1} sx={{ m: 0, p: 0, listStyle: 'none' }}>
              {order.mintJobs.map((job) => (
                <Box
                  component="li"
                  key={job.id}
                  sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}
                >
                  <Typography variant="body2">{fill(m.orders.mintLine, { tokenId: job.tokenId })}</Typography>
                  <StatusChip labels={m.mintStatus} colours={MINT_COLOUR} value={job.status} />
                  <Typography variant="body2" component="span" color="text.secondary">
                    {m.orders.transaction}:
                  </Typography>
                  <TxLink job={job} />
                </Box>
              ))}
            </Stack>
          </Fact>
        </Box>
      )}
    </Paper>
  );
}
