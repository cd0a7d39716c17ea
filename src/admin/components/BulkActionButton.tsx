import {
  Button as MuiButton,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  List,
  ListItem,
  ListItemText,
} from '@mui/material';
import { useEffect, useRef, useState, type ReactElement } from 'react';
import { Button, Confirm, useListContext, useNotify, useRefresh, useTranslate, type RaRecord } from 'react-admin';
import type { BulkAnswer, BulkResult } from '../../common/bulk';
import { apiSend, translateError } from '../../lib/api';
import { shortId } from './ids';
import ReasonDialog from './ReasonDialog';

type BulkActionButtonProps<R extends RaRecord> = {
  /** The resource's bulk endpoint, e.g. `/api/products/bulk`, and what its body says beside the ids. */
  path: string;
  method?: 'POST' | 'PUT';
  body?: Record<string, unknown>;
  /** Catalogue keys: the button, and the confirmation's question (given `smart_count`, the number selected, and `confirmArgs`). */
  label: string;
  confirm: string;
  confirmArgs?: Record<string, unknown>;
  icon?: ReactElement;
  danger?: boolean;
  /** How a refused row is named in the list of refusals (default: its short id). */
  name?: (record: R) => string;
  /** The label (catalogue key) of a reason the confirmation asks for and the body carries as `reason`. */
  reason?: string;
};

/**
 * A button of a list's bulk toolbar: after a confirmation naming the count (asking why, given `reason`) it sends the
 * selected ids to the bulk endpoint, which acts on each row by itself; then a notice says how many were done and
 * refused, a dialog names each refused row with its sentence, and the list is refreshed and its selection cleared.
 */
export default function BulkActionButton<R extends RaRecord>({
  path,
  method = 'POST',
  body = {},
  label,
  confirm,
  confirmArgs,
  icon,
  danger,
  name,
  reason,
}: BulkActionButtonProps<R>) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const { selectedIds, data, onUnselectItems } = useListContext<R>();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [refused, setRefused] = useState<(BulkResult & { name: string })[]>([]);
  // Every record shown while the button lives, so that a selected row gone from the list by the time the answer
  // comes (deleted meanwhile, the list refreshed) is still named, not shown as an id.
  const seen = useRef(new Map<string, R>());
  useEffect(() => {
    for (const r of data ?? []) seen.current.set(String(r.id), r);
  }, [data]);
  const nameOf = (id: string) => {
    const record = seen.current.get(id);
    return record && name ? name(record) : shortId(id);
  };

  const run = async (more: Record<string, unknown> = {}) => {
    setBusy(true);
    try {
      const answer = await apiSend<BulkAnswer>(method, path, { ...body, ...more, ids: selectedIds });
      notify(translate('app.bulk.outcome', { done: answer.done, refused: answer.refused }), {
        type: answer.refused ? 'warning' : 'success',
      });
      const notDone = answer.results.filter((r) => !r.ok).map((r) => ({ ...r, name: nameOf(r.id) }));
      setRefused(notDone);
      if (notDone.length === 0) onUnselectItems();
      refresh();
    } catch (e) {
      notify(translate('app.bulk.failed', { error: e instanceof Error ? e.message : String(e) }), { type: 'error' });
    } finally {
      setBusy(false);
      setAsking(false);
    }
  };
  const question = translate(confirm, { smart_count: selectedIds.length, ...confirmArgs });
  const closeRefusals = () => {
    setRefused([]);
    onUnselectItems();
  };

  return (
    <>
      <Button label={label} onClick={() => setAsking(true)} disabled={busy} color={danger ? 'error' : 'primary'}>
        {icon}
      </Button>
      {reason ? (
        <ReasonDialog
          open={asking}
          busy={busy}
          title={question}
          content="app.bulk.confirm_content"
          label={reason}
          confirm={label}
          onConfirm={(why) => void run({ reason: why })}
          onClose={() => setAsking(false)}
        />
      ) : (
        <Confirm
          isOpen={asking}
          loading={busy}
          title={question}
          content="app.bulk.confirm_content"
          confirmColor={danger ? 'warning' : 'primary'}
          onConfirm={() => void run()}
          onClose={() => setAsking(false)}
        />
      )}
      <Dialog open={refused.length > 0} onClose={closeRefusals} fullWidth maxWidth="sm">
        <DialogTitle>{translate('app.bulk.refused_title', { count: refused.length })}</DialogTitle>
        <DialogContent>
          <List dense data-testid="bulk-refusals">
            {refused.map((r) => (
              <ListItem key={r.id} disableGutters data-id={r.id}>
                <ListItemText
                  primary={r.name}
                  secondary={r.error ? translateError(r.messageCode, r.params, r.error) : undefined}
                />
              </ListItem>
            ))}
          </List>
        </DialogContent>
        <DialogActions>
          <MuiButton onClick={closeRefusals}>{translate('ra.action.close')}</MuiButton>
        </DialogActions>
      </Dialog>
    </>
  );
}
