import { useCanAccess, useRecordContext } from 'react-admin';
import AuditTrail from './AuditTrail';
import Panel from './Panel';

/** A record's own history from the audit log (who changed what, when, from where); shown to admins, who may read the log. */
export default function RecordHistory({ entity }: { entity: string }) {
  const record = useRecordContext();
  const { canAccess: canRead = false } = useCanAccess({ resource: 'settings', action: 'list' });
  if (!record || !canRead) return null;
  return (
    <Panel title="app.audit.history" variant="subtitle1">
      <AuditTrail filter={{ entity, entityId: String(record.id) }} />
    </Panel>
  );
}
