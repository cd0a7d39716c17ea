import DeleteIcon from '@mui/icons-material/Delete';
import { Button, Card, CardActions, CardContent, Chip, Stack, Typography } from '@mui/material';
import { useState, type ReactNode } from 'react';
import { Confirm, useNotify, useRefresh, useTranslate } from 'react-admin';
import type { DnsRecord } from '../../../common/domain';
import { apiSend } from '../../../lib/api';
import { EditRecordDialog } from './RecordDialogs';

const R = 'app.domain.records';

/**
 * A record: domain, type, value, TTL and its state; writers edit it, turn it on or off, and delete it after a
 * confirmation. `select` is its selection checkbox where the records can be acted on together.
 */
export default function RecordCard({
  record,
  zones,
  canWrite,
  select,
}: {
  record: DnsRecord;
  zones: string[];
  canWrite: boolean;
  select?: ReactNode;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);

  const remove = async () => {
    setBusy(true);
    try {
      await apiSend('DELETE', `/api/domain/records/${record.id}`);
      notify(`${R}.deleted`, { type: 'success' });
      setConfirming(false);
      refresh();
    } catch (e) {
      notify(`${R}.delete_failed`, {
        type: 'error',
        messageArgs: { error: e instanceof Error ? e.message : String(e) },
      });
    } finally {
      setBusy(false);
    }
  };
  const toggle = async () => {
    setBusy(true);
    try {
      await apiSend('PUT', `/api/domain/records/${record.id}`, { isActive: !record.isActive });
      notify(record.isActive ? `${R}.toggled_off` : `${R}.toggled_on`, { type: 'success' });
      refresh();
    } catch (e) {
      notify(`${R}.toggle_failed`, {
        type: 'error',
        messageArgs: { error: e instanceof Error ? e.message : String(e) },
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card
      variant="outlined"
      data-testid="dns-record"
      data-domain={record.domain}
      sx={record.isActive ? undefined : { borderStyle: 'dashed' }}
    >
      <CardContent sx={{ pb: 1 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
          {select}
          <Typography variant="subtitle1" sx={{ fontWeight: 600, wordBreak: 'break-all' }}>
            {record.domain}
          </Typography>
          <Chip size="small" variant="outlined" label={record.type} />
          <Chip
            size="small"
            color={record.isActive ? 'success' : 'default'}
            label={translate(record.isActive ? `${R}.active` : `${R}.inactive`)}
          />
        </Stack>
        <Typography variant="body2" sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>
          {record.value}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {translate(`${R}.ttl`, { ttl: record.ttl })}
        </Typography>
      </CardContent>
      {canWrite && (
        <CardActions sx={{ flexWrap: 'wrap' }}>
          <EditRecordDialog record={record} zones={zones} />
          <Button size="small" disabled={busy} onClick={toggle}>
            {translate(record.isActive ? `${R}.deactivate` : `${R}.activate`)}
          </Button>
          <Button
            size="small"
            color="error"
            startIcon={<DeleteIcon />}
            disabled={busy}
            onClick={() => setConfirming(true)}
          >
            {translate(`${R}.delete`)}
          </Button>
          <Confirm
            isOpen={confirming}
            loading={busy}
            title={`${R}.delete_title`}
            content={`${R}.delete_confirm`}
            onConfirm={remove}
            onClose={() => setConfirming(false)}
          />
        </CardActions>
      )}
    </Card>
  );
}
