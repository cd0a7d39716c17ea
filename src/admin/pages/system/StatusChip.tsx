import { Chip } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { SystemStatus } from '../../../common/system.schemas';

const COLOR = { ok: 'success', stale: 'warning', failing: 'error', off: 'default' } as const;

/** ok (green), stale (amber), failing (red) or off (grey), in the reader's language. */
export default function StatusChip({ status, testId }: { status: SystemStatus; testId?: string }) {
  const translate = useTranslate();
  return (
    <Chip
      size="small"
      color={COLOR[status]}
      label={translate(`app.system.status.${status}`)}
      data-testid={testId}
      data-status={status}
    />
  );
}
