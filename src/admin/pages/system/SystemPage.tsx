import { Alert, Box, Card, CardContent, CircularProgress, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { Title, useTranslate } from 'react-admin';
import type { SystemAnswer, SystemStatus } from '../../../common/system.schemas';
import { useFormat } from '../../hooks/useFormat';
import StatusChip from './StatusChip';
import { LoopsTable, QueuesTable, useDuration } from './Tables';
import { useSystem } from './useSystem';

const Section = ({ title, children }: { title: string; children: ReactNode }) => (
  <Card variant="outlined" sx={{ mb: 2 }}>
    <CardContent>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {title}
      </Typography>
      {children}
    </CardContent>
  </Card>
);

const Fact = ({ label, children }: { label: string; children: ReactNode }) => (
  <Box sx={{ minWidth: 150 }}>
    <Typography variant="caption" color="text.secondary">
      {label}
    </Typography>
    <Typography variant="body2" sx={{ wordBreak: 'break-word' }}>
      {children}
    </Typography>
  </Box>
);

function Dependencies({ data }: { data: SystemAnswer }) {
  const translate = useTranslate();
  const t = (key: string, opts?: object) => translate(`app.system.dependencies.${key}`, opts);
  const rows: [string, SystemStatus, string | null][] = [
    [
      'database',
      data.database.status,
      data.database.pendingMigrations
        ? t('migrations_pending', { count: data.database.pendingMigrations })
        : data.database.pendingMigrations === 0
          ? t('migrations_current')
          : null,
    ],
    [
      'chain',
      data.chain.status,
      data.chain.blockHeight !== null ? t('block', { height: data.chain.blockHeight }) : null,
    ],
    ['redis', data.redis.status, data.redis.detail],
    ['smtp', data.smtp.status, data.smtp.detail],
  ];
  return (
    <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 3 }}>
      {rows.map(([name, status, detail]) => (
        <Box key={name} data-testid={`dependency-${name}`} sx={{ minWidth: 150 }}>
          <Stack direction="row" sx={{ gap: 1, alignItems: 'center' }}>
            <Typography variant="body2">{t(name)}</Typography>
            <StatusChip status={status} />
          </Stack>
          <Typography variant="caption" color="text.secondary">
            {status === 'off' ? t('off') : detail}
          </Typography>
          {status === 'failing' && (
            <Alert severity="error" sx={{ mt: 0.5, py: 0 }}>
              {translate('app.system.advice.dependency_failing')}
            </Alert>
          )}
        </Box>
      ))}
    </Stack>
  );
}

/** System (admins): this process, its dependencies, each background loop and each queue, refreshed every 10 s. */
export default function SystemPage() {
  const translate = useTranslate();
  const format = useFormat();
  const duration = useDuration();
  const { data, error, isPending } = useSystem();
  const t = (key: string) => translate(`app.system.${key}`);
  const p = data?.process;
  return (
    <Box sx={{ py: 2, maxWidth: '100%' }}>
      <Title title="app.system.title" />
      <Typography variant="h5" component="h1">
        {t('title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('subtitle')}
        {data && ` · ${translate('app.system.checked_at', { time: format.dateTime(data.checkedAt * 1000) })}`}
      </Typography>
      {error && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {translate('app.system.load_failed', { error: error.message })}
        </Alert>
      )}
      {isPending && <CircularProgress aria-label={t('title')} />}
      {data && p && (
        <>
          <Section title={t('process.title')}>
            <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 2 }}>
              <Fact label={t('process.version')}>{p.version}</Fact>
              <Fact label={t('process.node')}>{p.node}</Fact>
              <Fact label={t('process.engine')}>{t(`engines.${p.engine}`)}</Fact>
              <Fact label={t('process.workers')}>{p.workers}</Fact>
              <Fact label={t('process.started')}>{format.dateTime(p.startedAt * 1000)}</Fact>
              <Fact label={t('process.uptime')}>{duration(p.uptimeSeconds)}</Fact>
              <Fact label={t('process.memory')}>
                {translate('app.system.mib', { n: format.number(Math.round(p.memoryRssBytes / 1048576)) })}
              </Fact>
              <Fact label={t('process.pid')}>{p.pid}</Fact>
            </Stack>
          </Section>
          <Section title={t('dependencies.title')}>
            <Dependencies data={data} />
          </Section>
          <Section title={t('loops.title')}>
            <LoopsTable loops={data.loops} />
          </Section>
          <Section title={t('queues.title')}>
            <QueuesTable queues={data.queues} />
          </Section>
        </>
      )}
    </Box>
  );
}
