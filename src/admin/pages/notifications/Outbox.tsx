import { Chip, Tooltip, Typography } from '@mui/material';
import { useState } from 'react';
import { DataTable, useTranslate } from 'react-admin';
import { EMAIL_STATUSES, type EmailMessage, type EmailStatus } from '../../../common/notifications';
import ListShell, { type SelectFilter } from '../../components/ListShell';
import { useLine } from '../../components/PhoneList';
import RecordLink from '../../components/RecordLink';
import { useFormat } from '../../hooks/useFormat';
import OutboxMessage from './OutboxMessage';

const O = 'app.notifications.outbox';
const COLOR: Record<EmailStatus, 'default' | 'info' | 'success' | 'error' | 'warning'> = {
  queued: 'default',
  sending: 'info',
  sent: 'success',
  outbox: 'success',
  failed: 'error',
  skipped: 'warning',
};
const SELECTS: SelectFilter[] = [
  { source: 'status', choices: EMAIL_STATUSES, names: 'statuses', all: 'all', label: `${O}.status` },
];

/** Settings' Email outbox tab (admins): every email queued, sent, failed or kept here without SMTP, newest first. */
export default function Outbox() {
  const translate = useTranslate();
  const { dateTime } = useFormat();
  const line = useLine();
  const [opened, setOpened] = useState<number | null>(null);
  const to = (m: EmailMessage) => (
    <RecordLink resource="users" id={m.userId}>
      {m.to}
    </RecordLink>
  );
  const status = (m: EmailMessage) => (
    <Chip size="small" color={COLOR[m.status]} label={translate(`${O}.statuses.${m.status}`)} />
  );
  return (
    <>
      {opened !== null && <OutboxMessage id={opened} onClose={() => setOpened(null)} />}
      <ListShell<EmailMessage>
        resource="notifications-outbox"
        texts={O}
        title={false}
        perPage={25}
        search
        searchWidth={300}
        selects={SELECTS}
        rowClick={(id) => {
          setOpened(Number(id));
          return false;
        }}
        refetchInterval={10_000}
        header={
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            {translate(`${O}.intro_smtp`)} {translate(`${O}.open_hint`)}
          </Typography>
        }
        // A phone has no hover: a failed email's error is on its line.
        mobile={{
          primary: (m) => m.subject,
          // The whole line opens the message, so the address is text here, not a link inside a button.
          secondary: (m) => line(m.to, dateTime(m.sentAt ?? m.createdAt), m.lastError),
          status,
        }}
      >
        <DataTable.Col<EmailMessage>
          source="createdAt"
          label={`${O}.columns.time`}
          cellSx={() => ({ whiteSpace: 'nowrap' })}
          render={(m) => dateTime(m.sentAt ?? m.createdAt)}
        />
        <DataTable.Col<EmailMessage> source="to" label={`${O}.columns.to`} disableSort render={to} />
        <DataTable.Col<EmailMessage> source="subject" label={`${O}.columns.subject`} disableSort />
        <DataTable.Col<EmailMessage>
          source="bodyPreview"
          label={`${O}.columns.body`}
          disableSort
          cellSx={() => ({ maxWidth: 360, overflowWrap: 'anywhere', color: 'text.secondary' })}
        />
        <DataTable.Col<EmailMessage>
          source="status"
          label={`${O}.columns.status`}
          render={(m) => <Tooltip title={m.lastError ?? ''}>{status(m)}</Tooltip>}
        />
        <DataTable.Col<EmailMessage> source="attempts" label={`${O}.columns.attempts`} disableSort />
      </ListShell>
    </>
  );
}
