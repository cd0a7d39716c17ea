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
import {
  Button,
  Confirm,
  useListContext,
  useLocaleState,
  useNotify,
  useRefresh,
  useTranslate,
  type RaRecord,
} from 'react-admin';
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
  /** Rows the endpoint will refuse, told before asking (see `Skips`). */
  skips?: Skips<R>;
};

/**
 * What the confirmation counts before it asks: `why(record)` is the catalogue key of why the endpoint would refuse
 * that row, a count given `smart_count` ("4 selected are on hold"), or null when it will be done. The question is then
 * `confirm` given the number to be done and the counts joined as `skipped` ("Approve 3 commissions? 4 selected are on
 * hold and will be skipped."), and only the others are sent; when none would be done, `none` is said instead (given
 * the number selected and `skipped`) and nothing is sent.
 */
export type Skips<R> = { why: (record: R) => string | null; confirm: string; none: string };

/**
 * A button of a list's bulk toolbar: after a confirmation naming the count (and, given `skips`, how many it will skip;
 * asking why, given `reason`) it sends the
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
  skips,
}: BulkActionButtonProps<R>) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const notify = useNotify();
  const refresh = useRefresh();
  const { selectedIds, data, onUnselectItems } = useListContext<R>();
  const [asking, setAsking] = useState(false);
  // What the open confirmation asks and, once confirmed, sends.
  const [plan, setPlan] = useState<{ ids: RaRecord['id'][]; question: string }>({ ids: [], question: '' });
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
      const answer = await apiSend<BulkAnswer>(method, path, { ...body, ...more, ids: plan.ids });
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
  // Asked at the click, from the rows seen: what to send and the question (a row not seen is counted as one to do).
  const ask = () => {
    const skipOf = (id: RaRecord['id']) => {
      const record = seen.current.get(String(id));
      return record && skips ? skips.why(record) : null;
    };
    const skipped = new Map<string, number>();
    for (const id of selectedIds) {
      const why = skipOf(id);
      if (why) skipped.set(why, (skipped.get(why) ?? 0) + 1);
    }
    const ids = selectedIds.filter((id) => !skipOf(id));
    const counts = new Intl.ListFormat(locale, { type: 'conjunction' }).format(
      // The largest count first, whatever order the rows were selected in.
      [...skipped].sort((a, b) => b[1] - a[1]).map(([why, n]) => translate(why, { smart_count: n })),
    );
    if (skips && skipped.size && ids.length === 0) {
      notify(translate(skips.none, { smart_count: selectedIds.length, skipped: counts }), { type: 'warning' });
      return;
    }
    const question =
      skips && skipped.size
        ? translate(skips.confirm, { smart_count: ids.length, skipped: counts, ...confirmArgs })
        : translate(confirm, { smart_count: selectedIds.length, ...confirmArgs });
    setPlan({ ids, question });
    setAsking(true);
  };
  const closeRefusals = () => {
    setRefused([]);
    onUnselectItems();
  };

  return (
    <>
      <Button label={label} onClick={ask} disabled={busy} color={danger ? 'error' : 'primary'}>
        {icon}
      </Button>
      {reason ? (
        <ReasonDialog
          open={asking}
          busy={busy}
          title={plan.question}
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
          title={plan.question}
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
