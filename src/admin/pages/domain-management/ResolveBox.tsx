import {
  Alert,
  Box,
  Button,
  Chip,
  CircularProgress,
  MenuItem,
  Paper,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslate } from 'react-admin';
import { DNS_TYPES, type DnsResolution } from '../../../common/domain';
import { apiGet, toQuery } from '../../../lib/api';

const T = 'app.domain.resolve';

/** Domain Resolution: a name and a type; the answer from the managed records or the system resolver, or why there is none. */
export default function ResolveBox() {
  const translate = useTranslate();
  const queryClient = useQueryClient();
  const [domain, setDomain] = useState('');
  const [type, setType] = useState('A');
  // The name and type asked for, and the how-many-th ask, so asking again for the same name looks it up again.
  const [asked, setAsked] = useState<{ name: string; type: string; n: number } | null>(null);

  // A load like any screen's: asked again by itself when the server does not answer (queryClient.ts).
  const resolution = useQuery({
    queryKey: ['domain', 'resolve', asked],
    enabled: !!asked,
    gcTime: 0,
    // An answer stands until the next ask; only a missing answer is asked again.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    queryFn: async ({ signal }) => {
      try {
        return await apiGet<DnsResolution>(
          `/api/domain/resolve/${encodeURIComponent(asked!.name)}${toQuery({ type: asked!.type })}`,
          { public: true, signal },
        );
      } finally {
        void queryClient.invalidateQueries({ queryKey: ['domain', 'query-logs'] });
      }
    },
  });
  const busy = resolution.isFetching;
  const result = resolution.data ?? null;
  const failure = resolution.error;
  const error = failure ? translate(`${T}.error`, { error: failure.message }) : null;

  const resolve = (e: FormEvent) => {
    e.preventDefault();
    const name = domain.trim();
    if (name) setAsked({ name, type, n: (asked?.n ?? 0) + 1 });
  };

  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
      <Typography variant="h6" sx={{ mb: 1 }}>
        {translate(`${T}.title`)}
      </Typography>
      <Box
        component="form"
        onSubmit={resolve}
        sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'flex-start' }}
      >
        <TextField
          size="small"
          fullWidth={false}
          label={translate(`${T}.domain`)}
          placeholder={translate(`${T}.placeholder`)}
          value={domain}
          onChange={(e) => setDomain(e.target.value)}
          sx={{ minWidth: 300, flex: '1 1 300px' }}
          slotProps={{ htmlInput: { maxLength: 254 } }}
        />
        <TextField
          select
          fullWidth={false}
          size="small"
          label={translate(`${T}.type`)}
          value={type}
          onChange={(e) => setType(e.target.value)}
          sx={{ minWidth: 110 }}
        >
          {DNS_TYPES.map((t) => (
            <MenuItem key={t} value={t}>
              {t}
            </MenuItem>
          ))}
        </TextField>
        <Button
          type="submit"
          variant="contained"
          disabled={!domain.trim() || busy}
          startIcon={busy ? <CircularProgress size={16} /> : undefined}
        >
          {translate(busy ? `${T}.busy` : `${T}.submit`)}
        </Button>
      </Box>
      {error && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {error}
        </Alert>
      )}
      {result && (
        <Box sx={{ mt: 2 }} data-testid="dns-resolution">
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1, flexWrap: 'wrap' }}>
            <Typography variant="body2" color="text.secondary">
              {translate(`${T}.answered`, { domain: result.domain, type: result.type, ms: result.durationMs })}
            </Typography>
            <Chip size="small" variant="outlined" label={translate(`${T}.source.${result.source}`)} />
          </Stack>
          {result.success ? (
            <Box component="ul" sx={{ m: 0, pl: 3 }}>
              {result.records.map((r, i) => (
                <li key={i}>
                  <Typography variant="body2" sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>
                    {`${r.name} ${r.ttl ?? ''} ${r.type} ${r.value}`}
                  </Typography>
                </li>
              ))}
            </Box>
          ) : (
            <Alert severity="warning">{translate(`${T}.failed`, { error: result.error ?? '' })}</Alert>
          )}
        </Box>
      )}
    </Paper>
  );
}
