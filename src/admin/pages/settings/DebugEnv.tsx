import {
  Alert,
  Box,
  Button,
  Chip,
  CircularProgress,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import RefreshIcon from '@mui/icons-material/Refresh';
import { useQuery } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import type { ConfigEntry } from '../../../common/debug';
import { apiGet } from '../../../lib/api';

/** Settings' Debug tab (admins): the server's effective configuration from GET /api/debug/env, secrets redacted by the server. */
export default function DebugEnv() {
  const translate = useTranslate();
  // A load like the others (providers/queryClient.ts): asked again by itself while the server does not answer.
  const { data, error, refetch } = useQuery({
    queryKey: ['debug', 'env'],
    queryFn: () => apiGet<{ env: ConfigEntry[] }>('/api/debug/env'),
  });
  const entries = data?.env;

  const shown = (e: ConfigEntry) => (e.value === null ? translate('app.settings.debug.not_set') : String(e.value));
  return (
    <Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 2 }}>
        <Typography variant="body2" color="text.secondary" sx={{ flex: 1 }}>
          {translate('app.settings.debug.intro')}
        </Typography>
        <Button startIcon={<RefreshIcon />} onClick={() => void refetch()}>
          {translate('ra.action.refresh')}
        </Button>
      </Box>
      {error && <Alert severity="error">{error.message}</Alert>}
      {!entries && !error && <CircularProgress size={24} />}
      {entries && (
        <Table size="small" data-testid="debug-env">
          <TableHead>
            <TableRow>
              <TableCell>{translate('app.settings.debug.key')}</TableCell>
              <TableCell>{translate('app.settings.debug.value')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {entries.map((e) => (
              <TableRow key={e.key}>
                <TableCell sx={{ fontFamily: 'monospace' }}>{e.key}</TableCell>
                <TableCell sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>
                  {shown(e)}
                  {e.redacted && <Chip size="small" sx={{ ml: 1 }} label={translate('app.settings.debug.redacted')} />}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Box>
  );
}
