import {
  Alert,
  Box,
  List,
  ListItem,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import type { SystemLoop, SystemQueue, SystemStatus } from '../../../common/system.schemas';
import { useFormat } from '../../hooks/useFormat';
import StatusChip from './StatusChip';

/** A duration in seconds as its largest whole unit (s, min, h, d). */
export function useDuration() {
  const translate = useTranslate();
  return (seconds: number) => {
    const s = Math.max(0, Math.round(seconds));
    if (s < 120) return translate('app.system.seconds', { n: s });
    if (s < 7200) return translate('app.system.minutes', { n: Math.floor(s / 60) });
    if (s < 172800) return translate('app.system.hours', { n: Math.floor(s / 3600) });
    return translate('app.system.days', { n: Math.floor(s / 86400) });
  };
}

/** One loop or queue: its name and status, its figures (label, value, test id), and what to do when it is not ok. */
type Line = {
  id: string;
  name: string;
  status: SystemStatus;
  cells: { label: string; value: ReactNode; numeric?: boolean; testId?: string }[];
  advice: string | null;
};

const Advice = ({ status, text }: { status: SystemStatus; text: string | null }) =>
  text && (
    <Alert severity={status === 'failing' ? 'error' : 'warning'} sx={{ mt: 0.5, py: 0 }}>
      {text}
    </Alert>
  );

/** A table on wide screens; on a phone a list of blocks (name and chip, then each figure under its label). */
function Lines({ label, lines }: { label: string; lines: Line[] }) {
  const translate = useTranslate();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const heads = lines[0]?.cells ?? [];
  if (phone) {
    return (
      <List aria-label={label} disablePadding>
        {lines.map((l) => (
          <ListItem key={l.id} data-testid={l.id} divider sx={{ display: 'block', px: 0 }}>
            <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', gap: 1 }}>
              <Typography variant="subtitle2">{l.name}</Typography>
              <StatusChip status={l.status} />
            </Stack>
            {l.cells.map((c) => (
              <Stack key={c.label} direction="row" sx={{ justifyContent: 'space-between', gap: 2 }}>
                <Typography variant="body2" color="text.secondary">
                  {c.label}
                </Typography>
                <Typography
                  variant="body2"
                  data-testid={c.testId}
                  sx={{ textAlign: 'right', overflowWrap: 'anywhere' }}
                >
                  {c.value}
                </Typography>
              </Stack>
            ))}
            <Advice status={l.status} text={l.advice} />
          </ListItem>
        ))}
      </List>
    );
  }
  return (
    <Box sx={{ overflowX: 'auto', maxWidth: '100%' }}>
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>
            <TableCell>{translate('app.system.name')}</TableCell>
            <TableCell>{translate('app.system.state')}</TableCell>
            {heads.map((c) => (
              <TableCell key={c.label} align={c.numeric ? 'right' : 'left'}>
                {c.label}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {lines.map((l) => (
            <TableRow key={l.id} data-testid={l.id}>
              <TableCell>{l.name}</TableCell>
              <TableCell>
                <StatusChip status={l.status} />
              </TableCell>
              {l.cells.map((c, i) => (
                <TableCell
                  key={c.label}
                  align={c.numeric ? 'right' : 'left'}
                  data-testid={c.testId}
                  sx={i === l.cells.length - 1 ? { minWidth: 180, overflowWrap: 'anywhere' } : undefined}
                >
                  {c.value}
                  {i === l.cells.length - 1 && <Advice status={l.status} text={l.advice} />}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

const notOk = (s: SystemStatus): s is 'stale' | 'failing' => s === 'stale' || s === 'failing';

export function LoopsTable({ loops }: { loops: SystemLoop[] }) {
  const translate = useTranslate();
  const format = useFormat();
  const t = (key: string) => translate(`app.system.loops.${key}`);
  const lines = loops.map((l): Line => ({
    id: `loop-${l.name}`,
    name: t(`names.${l.name}`),
    status: l.status,
    cells: [
      {
        label: t('last_success'),
        value: !l.running ? t('not_running') : l.lastSuccessAt ? format.dateTime(l.lastSuccessAt * 1000) : t('never'),
      },
      { label: t('errors'), value: l.errors, numeric: true },
      {
        label: t('last_error'),
        value: l.lastError && (
          <Typography variant="body2" color="error" component="span">
            {l.lastError}
          </Typography>
        ),
      },
    ],
    advice: notOk(l.status) ? translate(`app.system.advice.loop_${l.status}`) : null,
  }));
  return <Lines label={t('title')} lines={lines} />;
}

export function QueuesTable({ queues }: { queues: SystemQueue[] }) {
  const translate = useTranslate();
  const duration = useDuration();
  const t = (key: string) => translate(`app.system.queues.${key}`);
  const lines = queues.map((q): Line => ({
    id: `queue-${q.name}`,
    name: t(`names.${q.name}`),
    status: q.status,
    cells: [
      { label: t('pending'), value: q.pending, numeric: true, testId: `queue-${q.name}-pending` },
      { label: t('failed'), value: q.failed ?? '—', numeric: true },
      { label: t('oldest'), value: q.pending > 0 ? duration(q.oldestSeconds) : '—' },
    ],
    advice: notOk(q.status)
      ? translate(`app.system.advice.queue_${q.status}_${q.name}`, { limit: duration(q.limitSeconds) })
      : null,
  }));
  return <Lines label={t('title')} lines={lines} />;
}
