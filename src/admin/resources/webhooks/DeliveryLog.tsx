import { Alert, Box, Button, Divider, Paper, Stack, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import type { WebhookAttempt, WebhookDelivery } from '../../../common/webhooks';
import { useFormat } from '../../hooks/useFormat';
import { DeliveryStatusChip } from './WebhookChips';
import { deliveryLog, logKey, replay } from './webhookApi';

/** How much of a receiver's answer a line of the log shows (the server keeps up to 1,000 characters). */
const RESPONSE_SHOWN = 200;

const busy = (d: WebhookDelivery) => d.status === 'pending' || d.status === 'sending';

function AttemptLine({ attempt }: { attempt: WebhookAttempt }) {
  const translate = useTranslate();
  const { dateTime } = useFormat();
  const t = (key: string, args?: object) => translate(`resources.webhooks.log.${key}`, args);
  const pair = (key: string, value: string | number) => t('pair', { name: t(key), value });
  const answer = attempt.response ?? attempt.error ?? '';
  return (
    <Box data-testid="webhook-attempt" sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 2, rowGap: 0.5, py: 0.5 }}>
      <Typography variant="body2" color={attempt.ok ? 'success.main' : 'error.main'} sx={{ fontWeight: 600 }}>
        {pair('http', attempt.statusCode ?? t('no_status'))}
      </Typography>
      <Typography variant="body2">{pair('duration', t('ms', { ms: attempt.durationMs }))}</Typography>
      <Typography variant="body2">{pair('time', dateTime(attempt.createdAt))}</Typography>
      {answer && (
        <Typography
          variant="body2"
          sx={{ fontFamily: 'monospace', wordBreak: 'break-all', flexBasis: '100%', color: 'text.secondary' }}
        >
          {pair('response', answer.length > RESPONSE_SHOWN ? `${answer.slice(0, RESPONSE_SHOWN)}…` : answer)}
        </Typography>
      )}
    </Box>
  );
}

function DeliveryItem({
  id,
  delivery,
  attempts,
}: {
  id: string;
  delivery: WebhookDelivery;
  attempts: WebhookAttempt[];
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const { dateTime } = useFormat();
  const [sending, setSending] = useState(false);
  const t = (key: string, args?: object) => translate(`resources.webhooks.log.${key}`, args);
  const pair = (key: string, value: string | number) => t('pair', { name: t(key), value });
  const again = async () => {
    setSending(true);
    try {
      await replay(id, delivery.id);
      notify('resources.webhooks.log.replayed', { type: 'info' });
      await queryClient.invalidateQueries({ queryKey: logKey(id) });
    } catch (e) {
      notify(e instanceof Error ? e.message : String(e), { type: 'error' });
    } finally {
      setSending(false);
    }
  };
  return (
    <Paper variant="outlined" data-testid="webhook-delivery" sx={{ p: 1.5 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5 }}>
        <Typography sx={{ fontFamily: 'monospace', fontWeight: 600 }}>{delivery.eventType}</Typography>
        <DeliveryStatusChip status={delivery.status} />
        <Typography variant="body2" color="text.secondary">
          {pair('attempts', delivery.attempts)} · {pair('created', dateTime(delivery.createdAt))}
        </Typography>
        <Box sx={{ flexGrow: 1 }} />
        <Button size="small" variant="outlined" onClick={again} disabled={sending}>
          {t('replay')}
        </Button>
      </Box>
      {attempts.length > 0 && <Divider sx={{ my: 1 }} />}
      {attempts.map((a) => (
        <AttemptLine key={a.id} attempt={a} />
      ))}
    </Paper>
  );
}

/**
 * The endpoint's latest deliveries, newest first, each with its attempts (status, duration, time, the first part of
 * the answer) and a Replay button; reloaded every 2 s while a delivery is still pending or being sent.
 */
export default function DeliveryLog({ id }: { id: string }) {
  const translate = useTranslate();
  const t = (key: string) => translate(`resources.webhooks.log.${key}`);
  const { data, error, isPending } = useQuery({
    queryKey: logKey(id),
    queryFn: ({ signal }) => deliveryLog(id, signal),
    refetchInterval: (q) => (q.state.data?.deliveries.some(busy) ? 2000 : false),
  });
  return (
    <Box component="section" sx={{ mt: 2 }} aria-labelledby="webhook-log-title">
      <Typography id="webhook-log-title" variant="h6" component="h2" sx={{ mb: 1 }}>
        {t('title')}
      </Typography>
      {error && <Alert severity="error">{`${t('load_failed')}: ${error.message}`}</Alert>}
      {!isPending && !error && data.deliveries.length === 0 && <Typography>{t('empty')}</Typography>}
      <Stack spacing={1}>
        {data?.deliveries.map((d) => (
          <DeliveryItem key={d.id} id={id} delivery={d} attempts={data.attempts.filter((a) => a.deliveryId === d.id)} />
        ))}
      </Stack>
    </Box>
  );
}
