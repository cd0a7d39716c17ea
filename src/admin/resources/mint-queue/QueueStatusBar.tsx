import { Alert, Box, Card, CardContent, Chip, Skeleton, Typography } from '@mui/material';
import CircleIcon from '@mui/icons-material/Circle';
import { useQueryClient } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { useListContext, useTranslate } from 'react-admin';
import { useFormat } from '../../hooks/useFormat';
import type { MintListMeta } from '../../../common/mint';
import { shortAddress } from '../../components/ids';

/** When the resource's data last arrived from the server (0 before the first answer). */
function useLastFetched(resource: string): number {
  const cache = useQueryClient().getQueryCache();
  return useSyncExternalStore(
    (onChange) => cache.subscribe(onChange),
    () => Math.max(0, ...cache.findAll({ queryKey: [resource] }).map((q) => q.state.dataUpdatedAt)),
  );
}

/** "Queue Status": whether a mint worker holds the queue, when the list was last fetched, and the worker's error. */
export default function QueueStatusBar() {
  const translate = useTranslate();
  const { dateTime } = useFormat();
  const { meta, isPending, resource } = useListContext();
  const lastFetched = useLastFetched(resource);
  const worker = (meta as MintListMeta | undefined)?.worker;
  const active = worker?.active === true;
  return (
    <Card variant="outlined" sx={{ mb: 2 }} data-testid="queue-status">
      <CardContent sx={{ '&:last-child': { pb: 2 } }}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 2, rowGap: 1 }}>
          <Typography variant="subtitle1" component="h2">
            {translate('resources.mint-queue.queue_status')}
          </Typography>
          {isPending ? (
            <Skeleton width={120} />
          ) : (
            <Chip
              size="small"
              variant="outlined"
              color={active ? 'success' : 'error'}
              icon={<CircleIcon sx={{ fontSize: 10 }} />}
              label={translate(active ? 'resources.mint-queue.worker_active' : 'resources.mint-queue.worker_inactive')}
            />
          )}
          {worker?.chainId != null && worker.minter && (
            <Typography variant="body2" color="text.secondary" title={worker.minter}>
              {translate('resources.mint-queue.worker_chain', {
                chainId: worker.chainId,
                minter: shortAddress(worker.minter),
              })}
            </Typography>
          )}
          <Typography variant="body2" color="text.secondary" sx={{ ml: { sm: 'auto' } }} data-testid="last-updated">
            {lastFetched > 0 ? translate('resources.mint-queue.last_updated', { time: dateTime(lastFetched) }) : ''}
          </Typography>
        </Box>
        {worker?.error && (
          <Alert severity="error" sx={{ mt: 1.5 }}>
            {translate('resources.mint-queue.worker_error', { error: worker.error })}
          </Alert>
        )}
      </CardContent>
    </Card>
  );
}
