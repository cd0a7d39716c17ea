import DoneAllIcon from '@mui/icons-material/DoneAll';
import {
  Box,
  Button,
  Chip,
  Link,
  List as Items,
  ListItem,
  ListItemIcon,
  ListItemText,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import { List, Pagination, useListContext, useNotify, useRefresh, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import type { Notification } from '../../../common/notifications';
import BulkActionButton from '../../components/BulkActionButton';
import ListLoadError from '../../components/ListLoadError';
import { SelectBox, SelectionBar } from '../../components/Selection';
import { useFormat } from '../../hooks/useFormat';
import { isInternal, useMarkRead, useNoticeWords } from './inbox';

const I = 'app.notifications.inbox';

/** All or unread (the `read` filter, kept in the address), the unread count and Mark all read. */
function InboxToolbar() {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const mark = useMarkRead();
  const { filterValues, setFilters, meta } = useListContext<Notification>();
  const unread = typeof meta?.unread === 'number' ? meta.unread : undefined;
  const markAll = async () => {
    try {
      const n = await mark.all();
      notify(translate(`${I}.marked_all`, { smart_count: n }), { type: 'success' });
      refresh();
    } catch (e) {
      notify(e instanceof Error ? e.message : String(e), { type: 'error' });
    }
  };
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2, mb: 1 }}>
      <ToggleButtonGroup
        size="small"
        exclusive
        value={filterValues.read === 'false' ? 'unread' : 'all'}
        aria-label={translate(`${I}.filter`)}
        onChange={(_, v: string | null) => {
          if (v) setFilters(v === 'unread' ? { read: 'false' } : {});
        }}
      >
        <ToggleButton value="all">{translate(`${I}.all`)}</ToggleButton>
        <ToggleButton value="unread">{translate(`${I}.unread`)}</ToggleButton>
      </ToggleButtonGroup>
      {unread !== undefined && (
        <Typography color="text.secondary">{translate(`${I}.unread_count`, { smart_count: unread })}</Typography>
      )}
      <Box sx={{ flex: 1 }} />
      <Button variant="outlined" disabled={!unread} onClick={markAll}>
        {translate(`${I}.mark_all`)}
      </Button>
    </Box>
  );
}

/** The page's notifications, newest first: title (bold while unread), message, time, its link and Mark as read; a selection is marked read together. */
function InboxItems() {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const { dateTime } = useFormat();
  const mark = useMarkRead();
  const words = useNoticeWords();
  const { data, isPending, error, filterValues } = useListContext<Notification>();
  if (isPending || error) return null;
  if (data.length === 0) {
    return (
      <Typography color="text.secondary" sx={{ py: 3 }}>
        {translate(filterValues.read === 'false' ? `${I}.empty_unread` : `${I}.empty`)}
      </Typography>
    );
  }
  const read = (id: string) =>
    mark.one(id).then(refresh, (e: unknown) => notify(e instanceof Error ? e.message : String(e), { type: 'error' }));
  return (
    <>
      <SelectionBar>
        <BulkActionButton<Notification>
          path="/api/notifications/read"
          method="PUT"
          label={`${I}.mark_read`}
          confirm={`${I}.confirm_mark_read`}
          icon={<DoneAllIcon />}
          name={(n) => words(n).title}
        />
      </SelectionBar>
      <Items data-testid="inbox-list">
        {data.map((n) => (
          <ListItem
            key={n.id}
            divider
            data-notification-id={n.id}
            data-read={n.read}
            secondaryAction={
              !n.read && (
                <Button size="small" onClick={() => void read(n.id)}>
                  {translate(`${I}.mark_read`)}
                </Button>
              )
            }
          >
            <ListItemIcon sx={{ minWidth: 40 }}>
              <SelectBox id={n.id} name={words(n).title} />
            </ListItemIcon>
            <ListItemText
              primary={
                <Box component="span" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                  {!n.read && <Chip size="small" color="primary" label={translate(`${I}.new`)} />}
                  <Box component="span" sx={{ fontWeight: n.read ? 400 : 700 }}>
                    {words(n).title}
                  </Box>
                </Box>
              }
              secondary={
                <>
                  <Box component="span" sx={{ display: 'block', whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                    {words(n).body}
                  </Box>
                  <Box component="span" sx={{ display: 'flex', gap: 2 }}>
                    <span>{dateTime(n.createdAt)}</span>
                    {n.link &&
                      (isInternal(n.link) ? (
                        <Link component={RouterLink} to={n.link}>
                          {translate(`${I}.open`)}
                        </Link>
                      ) : (
                        <Link href={n.link} target="_blank" rel="noopener noreferrer">
                          {translate(`${I}.open`)}
                        </Link>
                      ))}
                  </Box>
                </>
              }
              sx={{ pr: 12 }}
            />
          </ListItem>
        ))}
      </Items>
    </>
  );
}

/** The caller's whole inbox, newest first, a page at a time (page and filter in the address): all or unread, mark one or all read, follow a link. */
export default function InboxTab() {
  return (
    <List<Notification>
      resource="inbox"
      title={false}
      actions={false}
      empty={false}
      component={Box}
      perPage={25}
      sort={{ field: 'createdAt', order: 'DESC' }}
      queryOptions={{ refetchInterval: 20_000 }}
      error={<ListLoadError message="app.notifications.bell.load_failed" />}
      pagination={<Pagination rowsPerPageOptions={[10, 25, 50, 100]} />}
    >
      <InboxToolbar />
      <InboxItems />
    </List>
  );
}
