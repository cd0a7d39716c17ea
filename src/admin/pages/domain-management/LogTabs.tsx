import { Box, Chip, LinearProgress, MenuItem, Table, TableBody, TableCell, TableHead, TablePagination, TableRow, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { DNS_QUERY_SOURCES, DNS_SCRIPTS, DNS_TYPES } from '../../../common/domain';
import { useFormat } from '../../hooks/useFormat';
import { PAGE, useQueryLogs, useScriptLogs } from './useDomainData';

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

/** Every resolution made through the resolve box or API, newest first, with its answer or error. */
export function QueryLogsTab({ q }: { q: string }) {
  const translate = useTranslate();
  const { dateTime } = useFormat();
  const [f, setF] = useState({ outcome: '', type: '', source: '', page: 0 });
  const logs = useQueryLogs({ q, ...f });
  const set = (patch: Partial<typeof f>) => setF((old) => ({ ...old, page: 0, ...patch }));
  const rows = logs.data?.logs ?? [];
  return (
    <Box>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', mb: 2 }}>
        <Filter label={translate(`${L}.outcome`)} value={f.outcome} onChange={(outcome) => set({ outcome })} options={[['success', translate(`${L}.success`)], ['failure', translate(`${L}.failure`)]]} />
        <Filter label={translate(`${L}.type`)} value={f.type} onChange={(type) => set({ type })} options={DNS_TYPES.map((t) => [t, t])} />
        <Filter label={translate(`${L}.source`)} value={f.source} onChange={(source) => set({ source })} options={DNS_QUERY_SOURCES.map((s) => [s, translate(`app.domain.resolve.source.${s}`)])} />
      </Box>
      {logs.isPending && <LinearProgress />}
      {logs.error && <Typography color="error">{translate('app.domain.error', { error: `${translate('app.domain.load_failed')}: ${logs.error.message}` })}</Typography>}
      {!logs.isPending && !logs.error && rows.length === 0 ? <Typography color="text.secondary">{translate(`${L}.empty_queries`)}</Typography> : rows.length > 0 && (
        <>
          <Table size="small" data-testid="dns-query-logs">
            <TableHead>
              <TableRow>
                {['time', 'domain', 'type', 'source', 'outcome', 'result', 'duration'].map((k) => <TableCell key={k}>{translate(`${L}.${k}`)}</TableCell>)}
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((l) => (
                <TableRow key={l.id}>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{dateTime(l.createdAt)}</TableCell>
                  <TableCell sx={{ wordBreak: 'break-all' }}>{l.domain}</TableCell>
                  <TableCell>{l.type}</TableCell>
                  <TableCell>{translate(`app.domain.resolve.source.${l.source}`)}</TableCell>
                  <TableCell><Outcome success={l.success} /></TableCell>
                  <TableCell sx={{ fontFamily: l.success ? 'monospace' : undefined, wordBreak: 'break-all' }}>{l.success ? l.result.join(', ') : l.error}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{translate(`${L}.ms`, { ms: l.durationMs })}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          <TablePagination component="div" count={logs.data?.total ?? 0} page={f.page} rowsPerPage={PAGE} rowsPerPageOptions={[PAGE]} labelDisplayedRows={({ from, to, count }) => translate(`app.domain.logs.rows`, { from, to, count })} onPageChange={(_, page) => setF((old) => ({ ...old, page }))} />
        </>
      )}
    </Box>
  );
}

/** Every script run, newest first: its parameters and output, or its error. */
export function ScriptLogsTab({ q }: { q: string }) {
  const translate = useTranslate();
  const { dateTime } = useFormat();
  const [f, setF] = useState({ outcome: '', scriptName: '', page: 0 });
  const logs = useScriptLogs({ q, ...f });
  const set = (patch: Partial<typeof f>) => setF((old) => ({ ...old, page: 0, ...patch }));
  const rows = logs.data?.logs ?? [];
  return (
    <Box>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', mb: 2 }}>
        <Filter label={translate(`${L}.outcome`)} value={f.outcome} onChange={(outcome) => set({ outcome })} options={[['success', translate(`${L}.success`)], ['failure', translate(`${L}.failure`)]]} />
        <Filter label={translate(`${L}.script`)} value={f.scriptName} onChange={(scriptName) => set({ scriptName })}
          options={DNS_SCRIPTS.map((s) => [s, translate(`app.domain.script.names.${SCRIPT_KEYS[s]}`)])} />
      </Box>
      {logs.isPending && <LinearProgress />}
      {logs.error && <Typography color="error">{translate('app.domain.error', { error: `${translate('app.domain.load_failed')}: ${logs.error.message}` })}</Typography>}
      {!logs.isPending && !logs.error && rows.length === 0 ? <Typography color="text.secondary">{translate(`${L}.empty_scripts`)}</Typography> : rows.length > 0 && (
        <>
          <Table size="small" data-testid="dns-script-logs">
            <TableHead>
              <TableRow>
                {['time', 'script', 'parameters', 'outcome', 'output'].map((k) => <TableCell key={k}>{translate(`${L}.${k}`)}</TableCell>)}
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((l) => {
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
              })}
            </TableBody>
          </Table>
          <TablePagination component="div" count={logs.data?.total ?? 0} page={f.page} rowsPerPage={PAGE} rowsPerPageOptions={[PAGE]} labelDisplayedRows={({ from, to, count }) => translate(`app.domain.logs.rows`, { from, to, count })} onPageChange={(_, page) => setF((old) => ({ ...old, page }))} />
        </>
      )}
    </Box>
  );
}
