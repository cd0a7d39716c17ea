import { Box, Tab, Tabs, Typography } from '@mui/material';
import { Title, useCanAccess, useTranslate } from 'react-admin';
import AllNotifications from './AllNotifications';
import BulkJobs from './BulkJobs';
import InboxTab from './InboxTab';
import SendForm from './SendForm';
import { usePathTab } from '../../hooks/usePathTab';

const TABS = ['inbox', 'send', 'bulk', 'all'] as const;

/** /notifications: everyone's own inbox; staff follow bulk sends, and admins and operators send (PRODUCT.md, Roles). */
export default function NotificationsPage() {
  const translate = useTranslate();
  const { canAccess: canRead = false } = useCanAccess({ resource: 'notifications', action: 'list' });
  const { canAccess: canSend = false } = useCanAccess({ resource: 'notifications', action: 'create' });
  const [tab, setTab] = usePathTab('/notifications', TABS);
  return (
    <Box sx={{ py: 2, maxWidth: 1100 }}>
      <Title title="app.notifications.title" />
      <Typography variant="h5">{translate('app.notifications.title')}</Typography>
      <Typography color="text.secondary" sx={{ mb: 1 }}>
        {translate(canRead ? 'app.notifications.subtitle' : 'app.notifications.subtitle_own')}
      </Typography>
      {canRead && (
        <Tabs value={tab} onChange={(_, next: (typeof TABS)[number]) => setTab(next)} sx={{ mb: 2 }}>
          <Tab value="inbox" label={translate('app.notifications.tabs.inbox')} />
          {canSend && <Tab value="send" label={translate('app.notifications.tabs.send')} />}
          <Tab value="bulk" label={translate('app.notifications.tabs.bulk')} />
          <Tab value="all" label={translate('app.notifications.tabs.all')} />
        </Tabs>
      )}
      {tab === 'inbox' && <InboxTab />}
      {tab === 'send' && canSend && <SendForm onQueued={() => setTab('bulk')} />}
      {tab === 'all' && canRead && <AllNotifications />}
      {tab === 'bulk' && canRead && (
        <>
          {!canSend && (
            <Typography color="text.secondary" sx={{ mb: 1 }}>
              {translate('app.notifications.send.read_only')}
            </Typography>
          )}
          <BulkJobs />
        </>
      )}
    </Box>
  );
}
