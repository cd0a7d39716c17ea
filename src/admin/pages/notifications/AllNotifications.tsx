import { Chip } from '@mui/material';
import { DataTable, useTranslate } from 'react-admin';
import type { Notification } from '../../../common/notifications';
import ListShell, { type SelectFilter } from '../../components/ListShell';
import { useLine } from '../../components/PhoneList';
import RecordLink from '../../components/RecordLink';
import { useFormat } from '../../hooks/useFormat';
import { useNoticeWords } from './inbox';

const A = 'app.notifications.all';
const SELECTS: SelectFilter[] = [
  { source: 'read', choices: ['false', 'true'], names: 'states', all: 'all_states', label: `${A}.read` },
];

/** Staff: every user's notifications, newest first, by recipient (email) and read state. */
export default function AllNotifications() {
  const translate = useTranslate();
  const { dateTime } = useFormat();
  const line = useLine();
  const words = useNoticeWords();
  const recipient = (n: Notification) => (
    <RecordLink resource="users" id={n.userId}>
      {n.userEmail}
    </RecordLink>
  );
  const state = (n: Notification) =>
    n.read ? (
      <Chip size="small" label={translate(`${A}.read_only`)} />
    ) : (
      <Chip size="small" color="primary" label={translate('app.notifications.inbox.unread')} />
    );
  return (
    <ListShell<Notification>
      resource="notifications-all"
      texts={A}
      title={false}
      perPage={25}
      search
      searchWidth={300}
      selects={SELECTS}
      rowClick={false}
      mobile={{
        primary: (n) => words(n).title,
        secondary: (n) => line(recipient(n), dateTime(n.createdAt)),
        status: state,
      }}
    >
      <DataTable.Col<Notification>
        source="createdAt"
        label={`${A}.columns.time`}
        cellSx={() => ({ whiteSpace: 'nowrap' })}
        render={(n) => dateTime(n.createdAt)}
      />
      <DataTable.Col<Notification> source="userEmail" label={`${A}.columns.recipient`} disableSort render={recipient} />
      <DataTable.Col<Notification>
        source="title"
        label={`${A}.columns.title`}
        disableSort
        render={(n) => words(n).title}
      />
      <DataTable.Col<Notification>
        source="body"
        label={`${A}.columns.body`}
        disableSort
        cellSx={() => ({ maxWidth: 380, overflowWrap: 'anywhere', color: 'text.secondary' })}
        render={(n) => words(n).body}
      />
      <DataTable.Col<Notification> source="read" label={`${A}.columns.read`} disableSort render={state} />
    </ListShell>
  );
}
