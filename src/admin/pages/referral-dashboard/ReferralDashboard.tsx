import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Title, useNotify, useTranslate } from 'react-admin';
import type { Commission, Payout, ReferralStats } from '../../../common/referrals';
import { apiGet, apiSend } from '../../../lib/api';
import { shortId } from '../../components/ids';
import Mono, { MONO } from '../../components/Mono';
import StatCard from '../../components/StatCard';
import StatCardRow from '../../components/StatCardRow';
import { useFormat } from '../../hooks/useFormat';

const COPIED_MS = 2000;

function useReferralData() {
  const stats = useQuery({
    queryKey: ['referral-dashboard', 'stats'],
    queryFn: async () => (await apiGet<{ stats: ReferralStats }>('/api/referrals/stats')).stats,
  });
  const history = useQuery({
    queryKey: ['referral-dashboard', 'commissions'],
    queryFn: () => apiGet<{ commissions: Commission[] }>('/api/referrals/commissions?limit=50'),
  });
  const payouts = useQuery({
    queryKey: ['referral-dashboard', 'payouts'],
    queryFn: () => apiGet<{ payouts: Payout[] }>('/api/referrals/payouts?limit=20'),
  });
  return {
    stats,
    history,
    payouts,
    reload: () => Promise.all([stats.refetch(), history.refetch(), payouts.refetch()]),
  };
}

function LinkCard({ stats }: { stats: ReferralStats }) {
  const translate = useTranslate();
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    await navigator.clipboard.writeText(stats.link).catch(() => undefined);
    setCopied(true);
    setTimeout(() => setCopied(false), COPIED_MS);
  };
  return (
    <Card variant="outlined" sx={{ mb: 2 }}>
      <CardContent>
        <Typography variant="subtitle2" color="text.secondary">
          {translate('app.referral_dashboard.link')}
        </Typography>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
          <Box component="span" sx={MONO} data-testid="referral-link">
            {stats.link}
          </Box>
          <Button size="small" variant="outlined" startIcon={<ContentCopyIcon />} onClick={copy}>
            {translate(copied ? 'app.referral_dashboard.copied' : 'app.referral_dashboard.copy')}
          </Button>
        </Box>
        <Typography variant="caption" color="text.secondary">
          {translate('app.referral_dashboard.code', { code: stats.referralCode })}
        </Typography>
      </CardContent>
    </Card>
  );
}

/** Where the user's crypto payouts go: saved on the server (an invalid address is refused with its sentence). */
function WalletCard({ stats, onSaved }: { stats: ReferralStats; onSaved: () => unknown }) {
  const translate = useTranslate();
  const notify = useNotify();
  const [value, setValue] = useState(stats.payoutWallet ?? '');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const save = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await apiSend('PUT', '/api/referrals/wallet', { walletAddress: value.trim() || null });
      notify(translate('app.referral_dashboard.wallet_saved'), { type: 'success' });
      await onSaved();
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card variant="outlined" sx={{ mb: 2 }}>
      <CardContent
        component="form"
        onSubmit={save}
        sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', flexWrap: 'wrap' }}
      >
        <TextField
          size="small"
          label={translate('app.referral_dashboard.wallet')}
          value={value}
          onChange={(e) => setValue(e.target.value)}
          error={!!error}
          helperText={error ?? translate('app.referral_dashboard.wallet_help')}
          sx={{ minWidth: 420, flex: 1 }}
          inputProps={{ spellCheck: false }}
        />
        <Button type="submit" variant="outlined" disabled={busy || value.trim() === (stats.payoutWallet ?? '')}>
          {translate('app.referral_dashboard.wallet_save')}
        </Button>
      </CardContent>
    </Card>
  );
}

/** The user's own referral page: their link, clicks and conversion, earnings, commission history and payouts. */
export default function ReferralDashboard() {
  const translate = useTranslate();
  const notify = useNotify();
  const { money, dateTime, number } = useFormat();
  const { stats, history, payouts, reload } = useReferralData();
  const [busy, setBusy] = useState(false);
  const error = stats.error ?? history.error ?? payouts.error;
  const s = stats.data;
  const t = (key: string, values?: Record<string, unknown>) => translate(`app.referral_dashboard.${key}`, values);

  const request = async () => {
    setBusy(true);
    try {
      const { payout } = await apiSend<{ payout: Payout }>('POST', '/api/referrals/payout', { method: 'bank' });
      notify(t('requested', { amount: money(payout.amount, payout.currency) }), { type: 'success' });
      await reload();
    } catch (e) {
      notify(t('request_failed', { error: e instanceof Error ? e.message : String(e) }), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box sx={{ py: 2 }}>
      <Title title="app.referral_dashboard.title" />
      <Typography variant="h5">{t('title')}</Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('subtitle')}
      </Typography>
      {error && (
        <Alert
          severity="error"
          sx={{ mb: 2 }}
          action={
            <Button color="inherit" size="small" onClick={reload}>
              {t('retry')}
            </Button>
          }
        >{`${t('load_failed')}: ${error.message}`}</Alert>
      )}
      {s && <LinkCard stats={s} />}
      {s && <WalletCard key={s.payoutWallet ?? ''} stats={s} onSaved={reload} />}
      <StatCardRow>
        <StatCard loading={stats.isPending} label={t('stats.clicks')} value={s ? number(s.totalClicks) : ''} />
        <StatCard loading={stats.isPending} label={t('stats.unique')} value={s ? number(s.uniqueClicks) : ''} />
        <StatCard
          loading={stats.isPending}
          label={t('stats.conversion')}
          value={s ? `${number(s.conversionRate, { maximumFractionDigits: 2 })}%` : ''}
        />
        <StatCard
          loading={stats.isPending}
          label={t('stats.commissions')}
          value={s ? money(s.totalCommissions, s.currency) : ''}
        />
      </StatCardRow>
      {s && s.pendingCommissions > 0 && (
        <Alert severity="warning" sx={{ mb: 2 }} data-testid="pending-notice">
          {t('pending_notice', { amount: money(s.pendingCommissions, s.currency), days: s.commissionHoldDays })}
        </Alert>
      )}
      {s && (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 2, flexWrap: 'wrap' }}>
          <Typography>
            {t('available', {
              amount: money(s.availableForPayout, s.currency),
              minimum: money(s.minimumPayout, s.currency),
            })}
          </Typography>
          <Button
            variant="contained"
            disabled={busy || s.availableForPayout <= 0 || s.availableForPayout < s.minimumPayout}
            onClick={request}
          >
            {t('request_payout')}
          </Button>
        </Box>
      )}
      <Typography variant="h6" sx={{ mt: 2 }}>
        {t('history')}
      </Typography>
      <Card variant="outlined" sx={{ mb: 2 }}>
        {(history.data?.commissions.length ?? 0) === 0 ? (
          <Typography sx={{ p: 2 }} color="text.secondary">
            {history.isPending ? '…' : t('empty')}
          </Typography>
        ) : (
          <Table size="small">
            <TableHead>
              <TableRow>
                {['order', 'customer', 'amount', 'commission', 'level', 'status', 'date'].map((k) => (
                  <TableCell key={k}>{t(`columns.${k}`)}</TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {history.data!.commissions.map((c) => (
                <TableRow key={c.id} data-commission-status={c.status}>
                  <TableCell>
                    <Mono title={c.orderId}>{shortId(c.orderId)}</Mono>
                  </TableCell>
                  <TableCell>{c.customerEmail}</TableCell>
                  <TableCell>{money(c.orderTotal, c.currency)}</TableCell>
                  <TableCell>{money(c.amount, c.currency)}</TableCell>
                  <TableCell>{c.level}</TableCell>
                  <TableCell>
                    <Chip
                      size="small"
                      label={t(`status.${c.status}`)}
                      color={
                        c.status === 'paid' || c.status === 'approved'
                          ? 'success'
                          : c.status === 'pending'
                            ? 'warning'
                            : 'default'
                      }
                    />
                  </TableCell>
                  <TableCell>{dateTime(c.createdAt)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </Card>
      <Typography variant="h6">{t('payouts')}</Typography>
      <Card variant="outlined">
        {(payouts.data?.payouts.length ?? 0) === 0 ? (
          <Typography sx={{ p: 2 }} color="text.secondary">
            {payouts.isPending ? '…' : t('no_payouts')}
          </Typography>
        ) : (
          <Table size="small">
            <TableBody>
              {payouts.data!.payouts.map((p) => (
                <TableRow key={p.id}>
                  <TableCell>
                    <Mono title={p.id}>{shortId(p.id)}</Mono>
                  </TableCell>
                  <TableCell>{money(p.amount, p.currency)}</TableCell>
                  <TableCell>{translate(`resources.payouts.status.${p.status}`)}</TableCell>
                  <TableCell>{dateTime(p.createdAt)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </Card>
    </Box>
  );
}
