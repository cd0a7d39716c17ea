import BlockIcon from '@mui/icons-material/Block';
import DeleteIcon from '@mui/icons-material/Delete';
import LockOpenIcon from '@mui/icons-material/LockOpen';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import { Button } from '@mui/material';
import { useState, type MouseEvent } from 'react';
import {
  Confirm,
  EditButton,
  useCanAccess,
  useNotify,
  useRecordContext,
  useRedirect,
  useRefresh,
  useTranslate,
} from 'react-admin';
import type { User, UserRemoval } from '../../../common/users';
import { apiSend } from '../../../lib/api';

type Pending = 'suspend' | 'delete' | null;

/**
 * An admin's buttons for one user: Edit, Suspend (after a confirmation) or Reactivate, Unlock when locked out, and
 * Delete (after a confirmation; the server deactivates a user with records instead and says so). Nothing for other roles.
 */
export default function UserActions({ showEdit = true }: { showEdit?: boolean }) {
  const user = useRecordContext<User>();
  const { canAccess: canWrite = false } = useCanAccess({ resource: 'users', action: 'edit' });
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const redirect = useRedirect();
  const [confirming, setConfirming] = useState<Pending>(null);
  const [busy, setBusy] = useState(false);
  if (!user || !canWrite) return null;

  const run = async (call: () => Promise<string>) => {
    setConfirming(null);
    setBusy(true);
    try {
      notify(await call(), { type: 'success' });
      refresh();
    } catch (e) {
      notify(translate('resources.users.action_failed', { error: e instanceof Error ? e.message : String(e) }), {
        type: 'error',
      });
    } finally {
      setBusy(false);
    }
  };
  const post = (action: string, done: string) =>
    run(async () => {
      await apiSend('POST', `/api/users/${user.id}/${action}`);
      return translate(done);
    });
  const remove = () =>
    run(async () => {
      const answer = await apiSend<UserRemoval>('DELETE', `/api/users/${user.id}`);
      if (answer.outcome !== 'deleted') return answer.message;
      redirect('list', 'users');
      return translate('resources.users.notifications.deleted');
    });
  // Buttons inside a clickable row must not open the record.
  const stop = (e: MouseEvent) => e.stopPropagation();

  return (
    <span onClick={stop} style={{ display: 'inline-flex', whiteSpace: 'nowrap' }}>
      {showEdit && <EditButton />}
      {user.status === 'active' ? (
        <Button
          size="small"
          color="warning"
          startIcon={<BlockIcon />}
          disabled={busy}
          onClick={() => setConfirming('suspend')}
        >
          {translate('resources.users.suspend')}
        </Button>
      ) : (
        <Button
          size="small"
          color="success"
          startIcon={<PlayArrowIcon />}
          disabled={busy}
          onClick={() => post('reactivate', 'resources.users.reactivated')}
        >
          {translate('resources.users.reactivate')}
        </Button>
      )}
      {user.lockedUntil && (
        <Button
          size="small"
          startIcon={<LockOpenIcon />}
          disabled={busy}
          onClick={() => post('unlock', 'resources.users.unlocked')}
        >
          {translate('resources.users.unlock')}
        </Button>
      )}
      <Button
        size="small"
        color="error"
        startIcon={<DeleteIcon />}
        disabled={busy}
        onClick={() => setConfirming('delete')}
      >
        {translate('ra.action.delete')}
      </Button>
      <Confirm
        isOpen={confirming === 'suspend'}
        title="resources.users.suspend_title"
        content={translate('resources.users.suspend_confirm', { email: user.email })}
        onConfirm={() => post('suspend', 'resources.users.suspended')}
        onClose={() => setConfirming(null)}
      />
      <Confirm
        isOpen={confirming === 'delete'}
        title="resources.users.delete_title"
        content="resources.users.delete_confirm"
        onConfirm={remove}
        onClose={() => setConfirming(null)}
      />
    </span>
  );
}
