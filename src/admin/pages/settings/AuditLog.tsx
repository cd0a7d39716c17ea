import { DataTable, SelectInput, TextInput } from 'react-admin';
import { AUDIT_ENTITIES, type AuditEvent } from '../../../common/audit';
import { useAuditParts } from '../../components/AuditTrail';
import ListShell from '../../components/ListShell';
import { useLine } from '../../components/PhoneList';

const A = 'app.audit';

/**
 * Settings' Audit tab: every recorded change, newest first, 50 more at a time, filtered by who (email), which kind of
 * record and what action (kept in the address, so Back returns to the same filter); Export writes the filtered log.
 */
export default function AuditLog() {
  const { when, who, action, record, details } = useAuditParts();
  const line = useLine();
  const inputs = [
    <TextInput key="actor" source="actor" label={`${A}.filters.actor`} alwaysOn />,
    <SelectInput
      key="entity"
      source="entity"
      label={`${A}.filters.entity`}
      alwaysOn
      emptyText={`${A}.filters.all`}
      sx={{ minWidth: 180 }}
      choices={AUDIT_ENTITIES.map((id) => ({ id, name: `${A}.entities.${id}` }))}
    />,
    <TextInput key="action" source="action" label={`${A}.filters.action`} placeholder="user.suspend" alwaysOn />,
  ];
  return (
    <ListShell<AuditEvent>
      resource="audit"
      texts={A}
      title={false}
      infinite
      perPage={50}
      inputs={inputs}
      rowClick={false}
      mobile={{
        primary: action,
        secondary: (e) => (
          <>
            {line(when(e), who(e), record(e), e.ip)}
            {details(e)}
          </>
        ),
      }}
    >
      <DataTable.Col<AuditEvent>
        source="createdAt"
        label={`${A}.columns.when`}
        cellSx={() => ({ whiteSpace: 'nowrap' })}
        render={when}
      />
      <DataTable.Col<AuditEvent> source="actorEmail" label={`${A}.columns.who`} disableSort render={who} />
      <DataTable.Col<AuditEvent> source="action" label={`${A}.columns.action`} render={action} />
      <DataTable.Col<AuditEvent>
        source="entity"
        label={`${A}.columns.record`}
        disableSort
        cellSx={() => ({ fontFamily: 'monospace' })}
        render={record}
      />
      <DataTable.Col<AuditEvent>
        source="data"
        label={`${A}.columns.details`}
        disableSort
        cellSx={() => ({ maxWidth: 420, overflowWrap: 'anywhere' })}
        render={details}
      />
      <DataTable.Col<AuditEvent> source="ip" label={`${A}.columns.address`} disableSort render={(e) => e.ip ?? '—'} />
    </ListShell>
  );
}
