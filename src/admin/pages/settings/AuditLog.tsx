import { Box, MenuItem, TextField } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { AUDIT_ENTITIES } from '../../../common/audit';
import AuditTrail from '../../components/AuditTrail';
import ExportButton from '../../components/ExportButton';
import { useDebounced } from '../../hooks/useDebounced';

/** Settings' Audit tab: every recorded change, filtered by who (email), which kind of record and what action. */
export default function AuditLog() {
  const translate = useTranslate();
  const [actor, setActor] = useState('');
  const [entity, setEntity] = useState('');
  const [action, setAction] = useState('');
  const typedActor = useDebounced(actor.trim());
  const typedAction = useDebounced(action.trim());
  const filter = { actor: typedActor || undefined, entity: entity || undefined, action: typedAction || undefined };
  return (
    <Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mb: 2 }}>
        <TextField size="small" label={translate('app.audit.filters.actor')} value={actor} onChange={(e) => setActor(e.target.value)} />
        <TextField size="small" select label={translate('app.audit.filters.entity')} value={entity} onChange={(e) => setEntity(e.target.value)} sx={{ minWidth: 180 }}>
          <MenuItem value="">{translate('app.audit.filters.all')}</MenuItem>
          {AUDIT_ENTITIES.map((name) => <MenuItem key={name} value={name}>{translate(`app.audit.entities.${name}`)}</MenuItem>)}
        </TextField>
        <TextField size="small" label={translate('app.audit.filters.action')} placeholder="user.suspend" value={action} onChange={(e) => setAction(e.target.value)} />
        <ExportButton path="/api/audit/export.csv" resource="settings" query={filter} />
      </Box>
      <AuditTrail filter={filter} />
    </Box>
  );
}
