import CancelIcon from '@mui/icons-material/Cancel';
import { useListContext } from 'react-admin';
import type { OrderSummary } from '../../../common/orders';
import BulkActionButton from '../../components/BulkActionButton';
import ExportButton from '../../components/ExportButton';
import { shortId } from '../../components/ids';
import { listParams } from '../../providers/dataProvider';

/** The selected orders: export them (the list's CSV narrowed to them); writers fail the pending ones. */
export default function OrderBulkActions({ canWrite }: { canWrite: boolean }) {
  const { selectedIds, sort } = useListContext<OrderSummary>();
  return (
    <>
      <ExportButton
        path="/api/orders/export.csv"
        resource="orders"
        query={{ ...listParams({}, sort), ids: selectedIds.join(',') }}
        total={selectedIds.length}
        label="resources.orders.bulk.export"
      />
      {canWrite && (
        <BulkActionButton<OrderSummary>
          path="/api/orders/bulk"
          body={{ action: 'fail' }}
          label="resources.orders.bulk.fail"
          confirm="resources.orders.bulk.confirm_fail"
          icon={<CancelIcon />}
          danger
          name={(o) => `${shortId(o.id)} · ${o.customerEmail}`}
        />
      )}
    </>
  );
}
