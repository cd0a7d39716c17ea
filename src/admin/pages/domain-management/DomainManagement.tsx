import RefreshIcon from '@mui/icons-material/Refresh';
import { Alert, Box, Button, Chip, LinearProgress, Stack, Tab, Tabs, Typography } from '@mui/material';
import { useState } from 'react';
import { Title, useCanAccess, useRefresh, useTranslate } from 'react-admin';
import { DNS_TYPES } from '../../../common/domain';
import StatCard from '../../components/StatCard';
import StatCardRow from '../../components/StatCardRow';
import { usePathTab } from '../../hooks/usePathTab';
import { QueryLogsTab, ScriptLogsTab } from './LogTabs';
import { CreateRecordDialog, ExecuteScriptDialog } from './RecordDialogs';
import RecordsTab, { EmptyRecords, RecordGrid } from './RecordsTab';
import ResolveBox from './ResolveBox';
import { useOverview, useRecentQueries } from './useDomainData';

const TABS = ['overview', 'records', 'query_logs', 'script_logs'] as const;

/** Domain Management: resolve a name, the managed zones' DNS records (served by the embedded DNS server), scripts and logs; the tab is in the path, each list's page and filters in the query. */
export default function DomainManagement() {
  const translate = useTranslate();
  const refresh = useRefresh();
  const { canAccess: canWrite = false } = useCanAccess({ resource: 'domain-management', action: 'create' });
  const [tab, setTab] = usePathTab('/domain-management', TABS);
  const [scriptOutput, setScriptOutput] = useState<string | null>(null);

  const overview = useOverview();
  const recent = useRecentQueries();
  const error = overview.error;
  const data = overview.data;
  const zones = data?.zones ?? [];
  const loading = overview.isPending && !error;

  return (
    <Box sx={{ py: 2 }}>
      <Title title="app.domain.title" />
      <Typography variant="h5">{translate('app.domain.title')}</Typography>
      <Typography variant="body1" color="text.secondary">
        {translate('app.domain.subtitle')}
      </Typography>
      {zones.length > 0 && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {translate('app.domain.zones', { zones: zones.join(', ') })}
        </Typography>
      )}
      {error && (
        <Alert
          severity="error"
          sx={{ mb: 2 }}
          action={
            <Button color="inherit" size="small" onClick={refresh}>
              {translate('app.domain.retry')}
            </Button>
          }
        >
          {translate('app.domain.error', { error: `${translate('app.domain.load_failed')}: ${error.message}` })}
        </Alert>
      )}
      <ResolveBox />
      <StatCardRow>
        <StatCard label={translate('app.domain.stats.total')} value={data?.counts.all ?? 0} loading={loading} />
        <StatCard
          label={translate('app.domain.stats.active')}
          value={data?.counts.active ?? 0}
          color="success.main"
          loading={loading}
        />
        <StatCard
          label={translate('app.domain.stats.recent')}
          value={recent.data?.recent24h ?? 0}
          loading={recent.isPending && !recent.error}
        />
      </StatCardRow>
      <Stack direction="row" spacing={1} sx={{ mb: 2, alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        {canWrite && <CreateRecordDialog zones={zones} />}
        {canWrite && <ExecuteScriptDialog onDone={setScriptOutput} />}
        <Button size="small" startIcon={<RefreshIcon />} onClick={refresh}>
          {translate('app.domain.refresh')}
        </Button>
      </Stack>
      {scriptOutput && (
        <Alert severity="success" sx={{ mb: 2 }} onClose={() => setScriptOutput(null)}>
          {translate('app.domain.script.done', { output: scriptOutput })}
        </Alert>
      )}
      <Tabs value={tab} onChange={(_, v: (typeof TABS)[number]) => setTab(v)} sx={{ mb: 2 }} variant="scrollable">
        {TABS.map((t) => (
          <Tab key={t} value={t} label={translate(`app.domain.tabs.${t}`)} />
        ))}
      </Tabs>
      {tab === 'overview' && (
        <Box>
          {loading && <LinearProgress aria-label={translate('ra.page.loading')} />}
          {data && (
            <>
              <Typography variant="subtitle2" sx={{ mb: 1 }}>
                {translate('app.domain.overview.by_type')}
              </Typography>
              <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, mb: 2 }}>
                {DNS_TYPES.map((t) => (
                  <Chip key={t} variant="outlined" label={`${t}: ${data.counts.byType[t]}`} />
                ))}
                <Chip
                  variant="outlined"
                  label={translate('app.domain.overview.inactive', { count: data.counts.inactive })}
                />
              </Stack>
              <Typography variant="subtitle2" sx={{ mb: 1 }}>
                {translate('app.domain.overview.newest')}
              </Typography>
              {data.records.length === 0 ? (
                <EmptyRecords canWrite={canWrite} />
              ) : (
                <RecordGrid records={data.records} zones={zones} canWrite={canWrite} />
              )}
            </>
          )}
        </Box>
      )}
      {tab === 'records' && <RecordsTab canWrite={canWrite} />}
      {tab === 'query_logs' && <QueryLogsTab />}
      {tab === 'script_logs' && <ScriptLogsTab />}
    </Box>
  );
}
