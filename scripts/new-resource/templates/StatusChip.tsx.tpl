import { Chip } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';
import type { {{OnePascal}} } from '../../../common/{{kebab}}';

/** The {{oneLabel}}'s status as a chip: green while active. */
export default function {{OnePascal}}StatusChip() {
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
