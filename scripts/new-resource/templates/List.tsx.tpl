import { CreateButton, DataTable, useCanAccess } from 'react-admin';
import { {{CONST}}_STATUSES, type {{OnePascal}} } from '../../../common/{{kebab}}';
import ListShell, { type SelectFilter } from '../../components/ListShell';
import { RowActions } from '../../components/WriteButtons';
import { useFormat } from '../../hooks/useFormat';
import {{OnePascal}}StatusChip from './{{OnePascal}}StatusChip';

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
