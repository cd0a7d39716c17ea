import { Box, Chip, LinearProgress, MenuItem, Table, TableBody, TableCell, TableHead, TablePagination, TableRow, TextField, Typography } from '@mui/material';
import { useState, type ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { DNS_QUERY_SOURCES, DNS_SCRIPTS, DNS_TYPES } from '../../../common/domain';
import { useFormat } from '../../hooks/useFormat';
import ExportButton from '../../components/ExportButton';
import { PAGE, queryLogQuery, scriptLogQuery, useQueryLogs, useScriptLogs } from './useDomainData';

const L = 'app.domain.logs';
const SCRIPT_KEYS: Record<string, string> = { 'Create DNS Record': 'create', 'Update DNS Record': 'update', 'Delete DNS Record': 'delete' };

function Outcome({ success }: { success: boolean }) {
  const translate = useTranslate();
  return <Chip size="small" color={success ? 'success' : 'error'} label={translate(success ? `${L}.success` : `${L}.failure`)} />;
}

function Filter({ label, value, onChange, options }: { label: string; value: string; onChange: (v: string) => void; options: [string, string][] }) {
  const translate = useTranslate();
  return (
    <TextField select fullWidth={false} size="small" label={label} value={value} onChange={(e) => onChange(e.target.value)} sx={{ minWidth: 150 }}>
      <MenuItem value="">{translate(`${L}.all`)}</MenuItem>
      {options.map(([v, name]) => <MenuItem key={v} value={v}>{name}</MenuItem>)}
    </TextField>
  );
}

/** A log's page: its filters and export above, loading and error states, the table and its pager. */
function LogTable<T extends { id: string | number }>({ logs, filters, empty, testId, columns, row, page, onPage }: {
  logs: { isPending: boolean; error: Error | null; data?: { logs: T[]; total: number } };
  filters: ReactNode; empty: string; testId: string; columns: string[]; row: (l: T) => ReactNode; page: number; onPage: (page: number) => void;
}) {
  const translate = useTranslate();
  const rows = logs.data?.logs ?? [];
  return (
    <Box>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', mb: 2 }}>{filters}</Box>
      {logs.isPending && <LinearProgress />}
      {logs.error && <Typography color="error">{translate('app.domain.error', { error: `${translate('app.domain.load_failed')}: ${logs.error.message}` })}</Typography>}
      {!logs.isPending && !logs.error && rows.length === 0 ? <Typography color="text.secondary">{translate(`${L}.${empty}`)}</Typography> : rows.length > 0 && (
        <>
          <Table size="small" data-testid={testId}>
            <TableHead>
              <TableRow>
                {columns.map((k) => <TableCell key={k}>{translate(`${L}.${k}`)}</TableCell>)}
              </TableRow>
            </TableHead>
            <TableBody>{rows.map(row)}</TableBody>
          </Table>
          <TablePagination component="div" count={logs.data?.total ?? 0} page={page} rowsPerPage={PAGE} rowsPerPageOptions={[PAGE]} labelDisplayedRows={({ from, to, count }) => translate(`${L}.rows`, { from, to, count })} onPageChange={(_, next) => onPage(next)} />
        </>
      )}
    </Box>
  );
}

/** Every resolution made through the resolve box or API, newest first, with its answer or error. */
export function QueryLogsTab({ q }: { q: string }) {
  const translate = useTranslate();
  const { dateTime } = useFormat();
  const [f, setF] = useState({ outcome: '', type: '', source: '', page: 0 });
  const logs = useQueryLogs({ q, ...f });
  const set = (patch: Partial<typeof f>) => setF((old) => ({ ...old, page: 0, ...patch }));
  return (
    <LogTable logs={logs} empty="empty_queries" testId="dns-query-logs" columns={['time', 'domain', 'type', 'source', 'outcome', 'result', 'duration']}
      page={f.page} onPage={(page) => setF((old) => ({ ...old, page }))}
      filters={<>
        <Filter label={translate(`${L}.outcome`)} value={f.outcome} onChange={(outcome) => set({ outcome })} options={[['success', translate(`${L}.success`)], ['failure', translate(`${L}.failure`)]]} />
        <Filter label={translate(`${L}.type`)} value={f.type} onChange={(type) => set({ type })} options={DNS_TYPES.map((t) => [t, t])} />
        <Filter label={translate(`${L}.source`)} value={f.source} onChange={(source) => set({ source })} options={DNS_QUERY_SOURCES.map((s) => [s, translate(`app.domain.resolve.source.${s}`)])} />
        <ExportButton path="/api/domain/query/logs/export.csv" resource="domain-management" query={queryLogQuery({ q, ...f })} total={logs.data?.total} />
      </>}
      row={(l) => (
        <TableRow key={l.id}>
          <TableCell sx={{ whiteSpace: 'nowrap' }}>{dateTime(l.createdAt)}</TableCell>
          <TableCell sx={{ wordBreak: 'break-all' }}>{l.domain}</TableCell>
          <TableCell>{l.type}</TableCell>
          <TableCell>{translate(`app.domain.resolve.source.${l.source}`)}</TableCell>
          <TableCell><Outcome success={l.success} /></TableCell>
          <TableCell sx={{ fontFamily: l.success ? 'monospace' : undefined, wordBreak: 'break-all' }}>{l.success ? l.result.join(', ') : l.error}</TableCell>
          <TableCell sx={{ whiteSpace: 'nowrap' }}>{translate(`${L}.ms`, { ms: l.durationMs })}</TableCell>
        </TableRow>
      )} />
  );
}

/** Every script run, newest first: its parameters and output, or its error. */
export function ScriptLogsTab({ q }: { q: string }) {
  const translate = useTranslate();
  const { dateTime } = useFormat();
  const [f, setF] = useState({ outcome: '', scriptName: '', page: 0 });
  const logs = useScriptLogs({ q, ...f });
  const set = (patch: Partial<typeof f>) => setF((old) => ({ ...old, page: 0, ...patch }));
  return (
    <LogTable logs={logs} empty="empty_scripts" testId="dns-script-logs" columns={['time', 'script', 'parameters', 'outcome', 'output']}
      page={f.page} onPage={(page) => setF((old) => ({ ...old, page }))}
      filters={<>
        <Filter label={translate(`${L}.outcome`)} value={f.outcome} onChange={(outcome) => set({ outcome })} options={[['success', translate(`${L}.success`)], ['failure', translate(`${L}.failure`)]]} />
        <Filter label={translate(`${L}.script`)} value={f.scriptName} onChange={(scriptName) => set({ scriptName })}
          options={DNS_SCRIPTS.map((s) => [s, translate(`app.domain.script.names.${SCRIPT_KEYS[s]}`)])} />
        <ExportButton path="/api/domain/script/logs/export.csv" resource="domain-management" query={scriptLogQuery({ q, ...f })} total={logs.data?.total} />
      </>}
      row={(l) => {
        const p = l.parameters as { domain?: string; type?: string; value?: string; ttl?: number };
        return (
          <TableRow key={l.id}>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{dateTime(l.createdAt)}</TableCell>
            <TableCell>{translate(`app.domain.script.names.${SCRIPT_KEYS[l.scriptName] ?? 'create'}`)}</TableCell>
            <TableCell sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>{[p.domain, p.type, p.value, p.ttl].filter((x) => x !== undefined).join(' ')}</TableCell>
            <TableCell><Outcome success={l.success} /></TableCell>
            <TableCell sx={{ wordBreak: 'break-word' }}>{l.success ? l.output : l.error}</TableCell>
          </TableRow>
        );
      }} />
  );
}
