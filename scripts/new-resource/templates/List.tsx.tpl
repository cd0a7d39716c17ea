import { Chip } from '@mui/material';
import { CreateButton, DataTable, useCanAccess, useRecordContext, useTranslate } from 'react-admin';
import { {{CONST}}_STATUSES, type {{OnePascal}} } from '../../../common/{{kebab}}';
import ListShell, { type SelectFilter } from '../../components/ListShell';
import { RowActions } from '../../components/WriteButtons';
import { useFormat } from '../../hooks/useFormat';

const SELECTS: SelectFilter[] = [{ source: 'status', choices: {{CONST}}_STATUSES, names: 'status', all: 'all_statuses' }];

/** {{Label}}: search, a status filter and sortable 50-row pages. */
export default function {{OnePascal}}List() {
  const { money, dateTime } = useFormat();
  const { canAccess: canWrite = false } = useCanAccess({ resource: '{{kebab}}', action: 'create' });
  return (
    <ListShell<{{OnePascal}}>
      perPage={50}
      search
      selects={SELECTS}
      after={canWrite && <CreateButton />}
      mobile={{
        primary: (r) => r.name,
        secondary: (r) => money(r.price),
        status: () => <{{OnePascal}}StatusChip />,
      }}
    >
      <DataTable.Col source="name" />
      <DataTable.Col<{{OnePascal}}> source="price" align="right" render={(r) => money(r.price)} />
      <DataTable.Col source="status" field={{{OnePascal}}StatusChip} />
      <DataTable.Col<{{OnePascal}}> source="createdAt" render={(r) => dateTime(r.createdAt)} />
      <RowActions resource="{{kebab}}" />
    </ListShell>
  );
}

/** The {{oneLabel}}'s status as a chip: green while active. */
export function {{OnePascal}}StatusChip() {
  const record = useRecordContext<{{OnePascal}}>();
  const translate = useTranslate();
  if (!record) return null;
  return (
    <Chip
      size="small"
      color={record.status === 'active' ? 'success' : 'default'}
      label={translate(`resources.{{kebab}}.status.${record.status}`, { _: record.status })}
    />
  );
}
