import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Link, Typography } from '@mui/material';
import { Fragment } from 'react';
import { useGetOne, useTranslate } from 'react-admin';
import type { EmailMessageDetail } from '../../../common/notifications';
import { useFormat } from '../../hooks/useFormat';

const O = 'app.notifications.outbox.message';
/** An absolute address, or a path of this site (what an email without a Site URL carries). */
const LINK = /(https?:\/\/[^\s<>"]+|(?<=^|\s)\/[^\s<>"]*)/g;

/** The text with each link it carries made clickable; a path opens on this site. */
export function Linked({ text }: { text: string }) {
  return (
    <>
      {text.split(LINK).map((part, i) =>
        i % 2 === 1 ? (
          <Link key={i} href={part} target="_blank" rel="noopener noreferrer" sx={{ overflowWrap: 'anywhere' }}>
            {part}
          </Link>
        ) : (
          <Fragment key={i}>{part}</Fragment>
        ),
      )}
    </>
  );
}

/** One email of the outbox, opened from its row: the whole text with working links (the server audits the reading). */
export default function OutboxMessage({ id, onClose }: { id: number; onClose: () => void }) {
  const translate = useTranslate();
  const { dateTime } = useFormat();
  const { data: known, error } = useGetOne<EmailMessageDetail>('notifications-outbox', { id });
  // react-admin first offers the row the list holds (no body); the whole email follows.
  const data = typeof known?.body === 'string' ? known : null;
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" aria-labelledby="outbox-message-title">
      <DialogTitle id="outbox-message-title">{known?.subject ?? translate(`${O}.title`)}</DialogTitle>
      <DialogContent dividers>
        {error ? (
          <Alert severity="error">{translate(`${O}.load_failed`)}</Alert>
        ) : !data ? (
          <Typography color="text.secondary">{translate(`${O}.loading`)}</Typography>
        ) : (
          <Box sx={{ display: 'grid', gap: 1.5 }}>
            <Typography variant="body2" color="text.secondary">
              {translate(`${O}.meta`, { to: data.to, time: dateTime(data.sentAt ?? data.createdAt) })}
            </Typography>
            <Typography component="div" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              <Linked text={data.body} />
            </Typography>
            <Typography variant="caption" color="text.secondary">
              {translate(`${O}.audited`)}
            </Typography>
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} autoFocus>
          {translate('ra.action.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
