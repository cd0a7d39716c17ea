import TaskAltIcon from '@mui/icons-material/TaskAlt';
import { Button, CircularProgress } from '@mui/material';
import { useState } from 'react';
import { Confirm, useCanAccess, useNotify, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import { apiSend } from '../../../lib/api';
import type { OrderDetail, OrderSummary } from '../../../common/orders';
import { detailOf } from '../../components/AwaitDetail';

/** "Mark fulfilled" for a paid order without tokens (goods handed over), after a confirmation; token orders fulfil by their mints. */
export default function MarkFulfilledButton() {
  const record = useRecordContext<OrderSummary | OrderDetail>();
  const order = record && detailOf<OrderSummary, OrderDetail>(record, 'items');
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const { canAccess: canWrite = false } = useCanAccess({ resource: 'orders', action: 'edit' });
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  if (!order || !canWrite || order.status !== 'paid' || order.items.some((i) => i.tokenised)) return null;

  const fulfil = async () => {
    setBusy(true);
    try {
      await apiSend('POST', `/api/orders/${order.id}/fulfil`);
      notify('resources.orders.fulfil.done', { type: 'success' });
      refresh();
    } catch (e) {
      notify('resources.orders.fulfil.failed', {
        type: 'error',
        messageArgs: { error: e instanceof Error ? e.message : String(e) },
      });
    } finally {
      setBusy(false);
      setAsking(false);
    }
  };

  return (
    <>
      <Button
        size="small"
        startIcon={busy ? <CircularProgress size={16} /> : <TaskAltIcon />}
        disabled={busy}
        onClick={() => setAsking(true)}
      >
        {translate('resources.orders.fulfil.button')}
      </Button>
      <Confirm
        isOpen={asking}
        loading={busy}
        title="resources.orders.fulfil.title"
        content="resources.orders.fulfil.confirm"
        onConfirm={fulfil}
        onClose={() => setAsking(false)}
      />
    </>
  );
}
