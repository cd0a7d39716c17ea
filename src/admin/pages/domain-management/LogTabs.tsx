import { Chip } from '@mui/material';
import { DataTable, useTranslate } from 'react-admin';
import { DNS_QUERY_SOURCES, DNS_SCRIPTS, DNS_TYPES, type DnsQueryLog, type DnsScriptLog } from '../../../common/domain';
import ListShell, { type SelectFilter } from '../../components/ListShell';
import { useLine } from '../../components/PhoneList';
import { useFormat } from '../../hooks/useFormat';

const L = 'app.domain.logs';
const SCRIPT_KEYS: Record<string, string> = {
  'Create DNS Record': 'create',
  'Update DNS Record': 'update',
  'Delete DNS Record': 'delete',
};
const OUTCOME: SelectFilter = {
  source: 'outcome',
  choices: ['success', 'failure'],
  names: 'outcomes',
  all: 'all',
  label: `${L}.outcome`,
};
const QUERY_FILTERS: SelectFilter[] = [
  OUTCOME,
  { source: 'type', choices: DNS_TYPES, names: 'types', all: 'all', label: `${L}.type` },
  { source: 'source', choices: DNS_QUERY_SOURCES, names: 'sources', all: 'all', label: `${L}.source` },
];
const SCRIPT_FILTERS: SelectFilter[] = [
  OUTCOME,
  { source: 'scriptName', choices: DNS_SCRIPTS, names: 'names', all: 'all', label: `${L}.script` },
];
const noWrap = () => ({ whiteSpace: 'nowrap' });

function Outcome({ success }: { success: boolean }) {
  const translate = useTranslate();
  return (
    <Chip
      size="small"
      color={success ? 'success' : 'error'}
      label={translate(success ? `${L}.success` : `${L}.failure`)}
    />
  );
}

/** Every resolution made through the resolve box or API, newest first, with its answer or error. */
export function QueryLogsTab() {
  const translate = useTranslate();
  const { dateTime } = useFormat();
  const line = useLine();
  const source = (l: DnsQueryLog) => translate(`app.domain.resolve.source.${l.source}`);
  const result = (l: DnsQueryLog) => (l.success ? l.result.join(', ') : l.error);
  const duration = (l: DnsQueryLog) => translate(`${L}.ms`, { ms: l.durationMs });
  return (
    <div data-testid="dns-query-logs">
      <ListShell<DnsQueryLog>
        resource="dns-query-logs"
        texts={`${L}.queries`}
        title={false}
        perPage={50}
        search
        searchWidth={280}
        selects={QUERY_FILTERS}
        rowClick={false}
        mobile={{
          primary: (l) => line(l.domain, l.type),
          secondary: (l) => line(result(l), source(l), duration(l), dateTime(l.createdAt)),
          status: (l) => <Outcome success={l.success} />,
        }}
      >
        <DataTable.Col<DnsQueryLog>
          source="createdAt"
          label={`${L}.time`}
          cellSx={noWrap}
          render={(l) => dateTime(l.createdAt)}
        />
        <DataTable.Col<DnsQueryLog> source="domain" label={`${L}.domain`} cellSx={() => ({ wordBreak: 'break-all' })} />
        <DataTable.Col<DnsQueryLog> source="type" label={`${L}.type`} disableSort />
        <DataTable.Col<DnsQueryLog> source="source" label={`${L}.source`} disableSort render={source} />
        <DataTable.Col<DnsQueryLog>
          source="success"
          label={`${L}.outcome`}
          disableSort
          render={(l) => <Outcome success={l.success} />}
        />
        <DataTable.Col<DnsQueryLog>
          source="result"
          label={`${L}.result`}
          disableSort
          cellSx={(l) => ({ fontFamily: l.success ? 'monospace' : undefined, wordBreak: 'break-all' })}
          render={result}
        />
        <DataTable.Col<DnsQueryLog> source="durationMs" label={`${L}.duration`} cellSx={noWrap} render={duration} />
      </ListShell>
    </div>
  );
}

/** Every script run, newest first: its parameters and output, or its error. */
export function ScriptLogsTab() {
  const translate = useTranslate();
  const { dateTime } = useFormat();
  const line = useLine();
  const name = (l: DnsScriptLog) => translate(`app.domain.script.names.${SCRIPT_KEYS[l.scriptName] ?? 'create'}`);
  const output = (l: DnsScriptLog) => (l.success ? l.output : l.error);
  const parameters = (l: DnsScriptLog) => {
    const p = l.parameters as { domain?: string; type?: string; value?: string; ttl?: number };
    return [p.domain, p.type, p.value, p.ttl].filter((x) => x !== undefined).join(' ');
  };
  return (
    <div data-testid="dns-script-logs">
      <ListShell<DnsScriptLog>
        resource="dns-script-logs"
        texts={`${L}.scripts`}
        title={false}
        perPage={50}
        search
        searchWidth={280}
        selects={SCRIPT_FILTERS}
        rowClick={false}
        mobile={{
          primary: name,
          secondary: (l) => line(parameters(l), output(l), dateTime(l.createdAt)),
          status: (l) => <Outcome success={l.success} />,
        }}
      >
        <DataTable.Col<DnsScriptLog>
          source="createdAt"
          label={`${L}.time`}
          cellSx={noWrap}
          render={(l) => dateTime(l.createdAt)}
        />
        <DataTable.Col<DnsScriptLog> source="scriptName" label={`${L}.script`} render={name} />
        <DataTable.Col<DnsScriptLog>
          source="parameters"
          label={`${L}.parameters`}
          disableSort
          cellSx={() => ({ fontFamily: 'monospace', wordBreak: 'break-all' })}
          render={parameters}
        />
        <DataTable.Col<DnsScriptLog>
          source="success"
          label={`${L}.outcome`}
          disableSort
          render={(l) => <Outcome success={l.success} />}
        />
        <DataTable.Col<DnsScriptLog>
          source="output"
          label={`${L}.output`}
          disableSort
          cellSx={() => ({ wordBreak: 'break-word' })}
          render={output}
        />
      </ListShell>
    </div>
  );
}
