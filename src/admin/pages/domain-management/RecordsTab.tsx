import DeleteIcon from '@mui/icons-material/Delete';
import ToggleOffIcon from '@mui/icons-material/ToggleOff';
import ToggleOnIcon from '@mui/icons-material/ToggleOn';
import { Box, Card, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import {
  List,
  Pagination,
  RefreshButton,
  SearchInput,
  SelectInput,
  TopToolbar,
  useListContext,
  useTranslate,
} from 'react-admin';
import { DNS_RECORD_STATUSES, DNS_TYPES, type DnsRecord } from '../../../common/domain';
import BulkActionButton from '../../components/BulkActionButton';
import { ListExportButton } from '../../components/ExportButton';
import ListLoadError from '../../components/ListLoadError';
import { SelectBox, SelectionBar } from '../../components/Selection';
import RecordCard from './RecordCard';

const R = 'app.domain.records';

/** The records as cards; `selectable` inside a list, whose selection the checkboxes keep. */
export function RecordGrid({
  records,
  zones,
  canWrite,
  selectable,
}: {
  records: DnsRecord[];
  zones: string[];
  canWrite: boolean;
  selectable?: boolean;
}) {
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(280px, 1fr))' }}>
      {records.map((r) => (
        <RecordCard
          key={r.id}
          record={r}
          zones={zones}
          canWrite={canWrite}
          select={selectable && <SelectBox id={r.id} name={r.domain} />}
        />
      ))}
    </Box>
  );
}

const BULK = [
  { action: 'activate', icon: <ToggleOnIcon />, danger: false },
  { action: 'deactivate', icon: <ToggleOffIcon />, danger: false },
  { action: 'delete', icon: <DeleteIcon />, danger: true },
] as const;

/** Activate, deactivate or delete the selected records, each on its own (POST /api/domain/records/bulk). */
function RecordBulkActions() {
  return (
    <>
      {BULK.map(({ action, icon, danger }) => (
        <BulkActionButton<DnsRecord>
          key={action}
          path="/api/domain/records/bulk"
          body={{ action }}
          label={`${R}.${action}`}
          confirm={`${R}.bulk.confirm_${action}`}
          icon={icon}
          danger={danger}
          name={(r) => `${r.domain} (${r.type})`}
        />
      ))}
    </>
  );
}

export function EmptyRecords({ canWrite }: { canWrite: boolean }) {
  const translate = useTranslate();
  return (
    <Box sx={{ py: 4, textAlign: 'center' }} data-testid="dns-empty">
      <Typography color="text.secondary">{translate(`${R}.empty`)}</Typography>
      {canWrite && (
        <Typography variant="body2" color="text.secondary">
          {translate(`${R}.empty_hint`)}
        </Typography>
      )}
    </Box>
  );
}

/** The page's records as cards, or the empty sentence. */
function Cards({ canWrite }: { canWrite: boolean }) {
  const { data, meta, isPending, error } = useListContext<DnsRecord>();
  if (isPending || error) return null;
  if (data.length === 0) return <EmptyRecords canWrite={canWrite} />;
  const grid = (
    <RecordGrid
      records={data}
      zones={(meta?.zones as string[] | undefined) ?? []}
      canWrite={canWrite}
      selectable={canWrite}
    />
  );
  return canWrite ? (
    <>
      <SelectionBar>
        <RecordBulkActions />
      </SelectionBar>
      {grid}
    </>
  ) : (
    grid
  );
}

/** The records tab: search, type and status filters, page (all in the address), Refresh and Export, the records as cards. */
export default function RecordsTab({ canWrite }: { canWrite: boolean }): ReactNode {
  const translate = useTranslate();
  const filters = [
    <SearchInput key="q" source="q" alwaysOn placeholder={translate('app.domain.search')} sx={{ width: 280 }} />,
    <SelectInput
      key="type"
      source="type"
      alwaysOn
      label={`${R}.type`}
      emptyText={`${R}.all`}
      choices={DNS_TYPES.map((t) => ({ id: t, name: t }))}
      translateChoice={false}
    />,
    <SelectInput
      key="status"
      source="status"
      alwaysOn
      label={`${R}.status`}
      emptyText={`${R}.all`}
      choices={DNS_RECORD_STATUSES.map((s) => ({ id: s, name: `${R}.${s}` }))}
    />,
  ];
  return (
    <List<DnsRecord>
      resource="dns-records"
      title={false}
      perPage={50}
      sort={{ field: 'domain', order: 'ASC' }}
      filters={filters}
      actions={
        <TopToolbar>
          <RefreshButton />
          <ListExportButton />
        </TopToolbar>
      }
      empty={false}
      component={Box}
      error={<ListLoadError message="app.domain.load_failed" />}
      pagination={<Pagination rowsPerPageOptions={[50]} />}
    >
      <Card variant="outlined" sx={{ p: 2 }}>
        <Cards canWrite={canWrite} />
      </Card>
    </List>
  );
}
