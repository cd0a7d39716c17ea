import { Box, Button, Card, CardContent, Collapse, Stack, TextField, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import type { AgentLevel, CostStats } from '../../../common/referrals';
import { apiGet, apiSend } from '../../../lib/api';
import StatCard from '../../components/StatCard';
import StatCardRow from '../../components/StatCardRow';
import { useFormat } from '../../hooks/useFormat';

export const levelsQuery = {
  queryKey: ['agent-levels'],
  queryFn: async () => (await apiGet<{ levels: AgentLevel[] }>('/api/agent-levels')).levels,
};

/** A level's rate as a percent input, saved on blur only when it changed. */
function RateInput({ level, canWrite }: { level: AgentLevel; canWrite: boolean }) {
  const translate = useTranslate();
  const notify = useNotify();
  const client = useQueryClient();
  const stored = String(Math.round(level.commissionrate * 1_000_000) / 10_000);
  const [value, setValue] = useState(stored);
  const [error, setError] = useState<string | null>(null);
  const save = async () => {
    if (value.trim() === stored) return;
    const percent = Number(value);
    if (value.trim() === '' || !Number.isFinite(percent) || percent < 0 || percent > 100) {
      setError('0–100');
      return;
    }
    try {
      await apiSend('PUT', `/api/agent-levels/${level.id}`, {
        commissionrate: Math.round(percent * 10_000) / 1_000_000,
      });
      setError(null);
      notify('app.referrals.settings.saved', { type: 'success' });
      await client.invalidateQueries({ queryKey: ['agent-levels'] });
    } catch (e) {
      const message = e instanceof Error ? e.message : String(e);
      setError(message);
      notify(translate('app.referrals.settings.save_failed', { error: message }), { type: 'error' });
    }
  };
  return (
    <TextField
      type="number"
      size="small"
      disabled={!canWrite}
      value={value}
      error={!!error}
      helperText={error ?? ' '}
      label={translate('app.referrals.settings.rate', { name: level.name })}
      slotProps={{ htmlInput: { min: 0, max: 100, step: 0.01 } }}
      onChange={(e) => setValue(e.target.value)}
      onBlur={save}
    />
  );
}

/** The collapsible settings: what commissions cost over the last 365 days, and each level's rate. */
export default function CommissionSettings({ canWrite }: { canWrite: boolean }) {
  const translate = useTranslate();
  const { money, number } = useFormat();
  const [open, setOpen] = useState(false);
  const levels = useQuery(levelsQuery);
  const cost = useQuery({
    queryKey: ['commissions', 'cost-stats'],
    queryFn: async () => (await apiGet<{ stats: CostStats }>('/api/commissions/cost-stats')).stats,
    enabled: open,
  });
  const t = (key: string) => translate(`app.referrals.settings.${key}`);
  return (
    <Card variant="outlined" sx={{ mb: 2 }}>
      <CardContent>
        <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center' }}>
          <Typography variant="h6">{t('title')}</Typography>
          <Button size="small" onClick={() => setOpen(!open)} aria-expanded={open}>
            {t(open ? 'hide' : 'show')}
          </Button>
        </Box>
        <Collapse in={open} unmountOnExit>
          <Typography variant="subtitle2" sx={{ mt: 1 }}>
            {t('cost')}
          </Typography>
          <StatCardRow sx={{ my: 1 }}>
            <StatCard
              loading={cost.isPending}
              label={t('orders')}
              value={cost.data ? number(cost.data.totalOrders) : ''}
            />
            <StatCard
              loading={cost.isPending}
              label={t('revenue')}
              value={cost.data ? money(cost.data.totalRevenue) : ''}
            />
            <StatCard
              loading={cost.isPending}
              label={t('commissions')}
              value={cost.data ? money(cost.data.totalCommissions) : ''}
            />
            <StatCard
              loading={cost.isPending}
              label={t('ratio')}
              value={cost.data ? `${number(cost.data.costRatioPercent, { maximumFractionDigits: 2 })}%` : ''}
            />
          </StatCardRow>
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 2, mt: 2 }}>
            {(levels.data ?? []).map((l) => (
              <RateInput key={`${l.id}-${l.commissionrate}`} level={l} canWrite={canWrite} />
            ))}
          </Stack>
        </Collapse>
      </CardContent>
    </Card>
  );
}
