import RefreshIcon from '@mui/icons-material/Refresh';
import SearchIcon from '@mui/icons-material/Search';
import { Alert, Box, Button, Chip, InputAdornment, LinearProgress, MenuItem, Stack, Tab, TablePagination, Tabs, TextField, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Title, useCanAccess, useTranslate } from 'react-admin';
import { DNS_RECORD_STATUSES, DNS_TYPES, type DnsRecord } from '../../../common/domain';
import StatCard from '../../components/StatCard';
import { QueryLogsTab, ScriptLogsTab } from './LogTabs';
import RecordCard from './RecordCard';
import { CreateRecordDialog, ExecuteScriptDialog } from './RecordDialogs';
import ResolveBox from './ResolveBox';
import ExportButton from '../../components/ExportButton';
import { PAGE, recordQuery, useQueryLogs, useRecords } from './useDomainData';

const TABS = ['overview', 'records', 'query_logs', 'script_logs'] as const;
/** The overview shows the newest few records. */
const OVERVIEW_SHOWN = 6;

function RecordGrid({ records, zones, canWrite }: { records: DnsRecord[]; zones: string[]; canWrite: boolean }) {
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(280px, 1fr))' }}>
      {records.map((r) => <RecordCard key={r.id} record={r} zones={zones} canWrite={canWrite} />)}
    </Box>
  );
}

function EmptyRecords({ canWrite }: { canWrite: boolean }) {
  const translate = useTranslate();
  return (
    <Box sx={{ py: 4, textAlign: 'center' }} data-testid="dns-empty">
      <Typography color="text.secondary">{translate('app.domain.records.empty')}</Typography>
      {canWrite && <Typography variant="body2" color="text.secondary">{translate('app.domain.records.empty_hint')}</Typography>}
    </Box>
  );
}

/** Domain Management: resolve a name, the managed zones' DNS records (served by the embedded DNS server), scripts and logs. */
export default function DomainManagement() {
  const translate = useTranslate();
  const queryClient = useQueryClient();
  const { canAccess: canWrite = false } = useCanAccess({ resource: 'domain-management', action: 'create' });
  const [tab, setTab] = useState<(typeof TABS)[number]>('overview');
  const [search, setSearch] = useState('');
  const [q, setQ] = useState('');
  const [type, setType] = useState('');
  const [status, setStatus] = useState('');
  const [page, setPage] = useState(0);
  const [scriptOutput, setScriptOutput] = useState<string | null>(null);
  useEffect(() => {
    const timer = setTimeout(() => { setQ(search.trim()); setPage(0); }, 300);
    return () => clearTimeout(timer);
  }, [search]);

  const records = useRecords({ q, type, status, page });
  const overview = useRecords({ q, type: '', status: '', page: 0 });
  const recent = useQueryLogs({ q: '', outcome: '', page: 0 });
  const reload = () => queryClient.invalidateQueries({ queryKey: ['domain'] });
  const error = records.error ?? overview.error;
  const data = overview.data;
  const zones = data?.zones ?? records.data?.zones ?? [];
  const loading = overview.isPending && !error;

  return (
    <Box sx={{ py: 2 }}>
      <Title title="app.domain.title" />
      <Typography variant="h5">{translate('app.domain.title')}</Typography>
      <Typography variant="body1" color="text.secondary">{translate('app.domain.subtitle')}</Typography>
      {zones.length > 0 && <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>{translate('app.domain.zones', { zones: zones.join(', ') })}</Typography>}
      {error && (
        <Alert severity="error" sx={{ mb: 2 }} action={<Button color="inherit" size="small" onClick={reload}>{translate('app.domain.retry')}</Button>}>
          {translate('app.domain.error', { error: `${translate('app.domain.load_failed')}: ${error.message}` })}
        </Alert>
      )}
      <ResolveBox />
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 2, mb: 2 }}>
        <StatCard label={translate('app.domain.stats.total')} value={data?.counts.all ?? 0} loading={loading} />
        <StatCard label={translate('app.domain.stats.active')} value={data?.counts.active ?? 0} color="success.main" loading={loading} />
        <StatCard label={translate('app.domain.stats.recent')} value={recent.data?.recent24h ?? 0} loading={recent.isPending && !recent.error} />
      </Stack>
      <Stack direction="row" spacing={1} sx={{ mb: 2, alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        {canWrite && <CreateRecordDialog zones={zones} />}
        {canWrite && <ExecuteScriptDialog onDone={setScriptOutput} />}
        <Button size="small" startIcon={<RefreshIcon />} onClick={reload}>{translate('app.domain.refresh')}</Button>
        <TextField
          size="small"
          fullWidth={false}
          placeholder={translate('app.domain.search')}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          slotProps={{ input: { startAdornment: <InputAdornment position="start"><SearchIcon fontSize="small" /></InputAdornment> } }}
          sx={{ minWidth: 280 }}
        />
      </Stack>
      {scriptOutput && <Alert severity="success" sx={{ mb: 2 }} onClose={() => setScriptOutput(null)}>{translate('app.domain.script.done', { output: scriptOutput })}</Alert>}
      <Tabs value={tab} onChange={(_, v: (typeof TABS)[number]) => setTab(v)} sx={{ mb: 2 }} variant="scrollable">
        {TABS.map((t) => <Tab key={t} value={t} label={translate(`app.domain.tabs.${t}`)} />)}
      </Tabs>
      {tab === 'overview' && (
        <Box>
          {loading && <LinearProgress />}
          {data && (
            <>
              <Typography variant="subtitle2" sx={{ mb: 1 }}>{translate('app.domain.overview.by_type')}</Typography>
              <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, mb: 2 }}>
                {DNS_TYPES.map((t) => <Chip key={t} variant="outlined" label={`${t}: ${data.counts.byType[t]}`} />)}
                <Chip variant="outlined" label={translate('app.domain.overview.inactive', { count: data.counts.inactive })} />
              </Stack>
              <Typography variant="subtitle2" sx={{ mb: 1 }}>{translate('app.domain.overview.newest')}</Typography>
              {data.records.length === 0 ? <EmptyRecords canWrite={canWrite} /> : (
                <RecordGrid records={[...data.records].sort((a, b) => b.createdAt.localeCompare(a.createdAt)).slice(0, OVERVIEW_SHOWN)} zones={zones} canWrite={canWrite} />
              )}
            </>
          )}
        </Box>
      )}
      {tab === 'records' && (
        <Box>
          <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', mb: 2 }}>
            <TextField select fullWidth={false} size="small" label={translate('app.domain.records.type')} value={type} onChange={(e) => { setType(e.target.value); setPage(0); }} sx={{ minWidth: 140 }}>
              <MenuItem value="">{translate('app.domain.records.all')}</MenuItem>
              {DNS_TYPES.map((t) => <MenuItem key={t} value={t}>{t}</MenuItem>)}
            </TextField>
            <TextField select fullWidth={false} size="small" label={translate('app.domain.records.status')} value={status} onChange={(e) => { setStatus(e.target.value); setPage(0); }} sx={{ minWidth: 140 }}>
              <MenuItem value="">{translate('app.domain.records.all')}</MenuItem>
              {DNS_RECORD_STATUSES.map((s) => <MenuItem key={s} value={s}>{translate(`app.domain.records.${s}`)}</MenuItem>)}
            </TextField>
            <ExportButton path="/api/domain/records/export.csv" resource="domain-management" query={recordQuery({ q, type, status, page })} total={records.data?.total} />
          </Box>
          {records.isPending && !records.error && <LinearProgress />}
          {records.data && (records.data.records.length === 0 ? <EmptyRecords canWrite={canWrite} /> : (
            <>
              <RecordGrid records={records.data.records} zones={zones} canWrite={canWrite} />
              <TablePagination component="div" count={records.data.total} page={page} rowsPerPage={PAGE} rowsPerPageOptions={[PAGE]} labelDisplayedRows={({ from, to, count }) => translate(`app.domain.logs.rows`, { from, to, count })} onPageChange={(_, p) => setPage(p)} />
            </>
          ))}
        </Box>
      )}
      {tab === 'query_logs' && <QueryLogsTab q={q} />}
      {tab === 'script_logs' && <ScriptLogsTab q={q} />}
    </Box>
  );
}
