import { Stack } from '@mui/material';
import { DataTable, ShowButton, useCanAccess } from 'react-admin';
import { ORDER_STATUSES, type OrderSummary } from '../../../common/orders';
import { shortId } from '../../components/ids';
import ListShell, { type SelectFilter } from '../../components/ListShell';
import { useLine } from '../../components/PhoneList';
import Mono from '../../components/Mono';
import { useFormat } from '../../hooks/useFormat';
import { ORDERS_PER_PAGE } from './constants';
import CreateOrderDialog from './CreateOrderDialog';
import OrderBulkActions from './OrderBulkActions';
import OrderStatsCards from './OrderStatsCards';
import OrderStatusField, { TestBadge } from './OrderStatusChip';
import RecordLink from '../../components/RecordLink';
import { DAY_FILTERS } from '../../components/DayFilter';

const SELECTS: SelectFilter[] = [{ source: 'status', choices: ORDER_STATUSES, names: 'status', all: 'all_statuses' }];

function OrderIdCell({ order }: { order: OrderSummary }) {
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <Mono title={order.id}>{shortId(order.id)}</Mono>
      {order.test && <TestBadge />}
    </Stack>
  );
}

/** Orders, newest first, 20 at a time with "Load More"; search, status and the days they were placed. */
export default function OrderList() {
  const { money, dateTime, number } = useFormat();
  const line = useLine();
  const { canAccess: canCreate = false } = useCanAccess({ resource: 'orders', action: 'create' });
  return (
    <ListShell<OrderSummary>
      infinite
      perPage={ORDERS_PER_PAGE}
      search
      selects={SELECTS}
      inputs={DAY_FILTERS}
      after={canCreate && <CreateOrderDialog />}
      header={<OrderStatsCards />}
      bulkActionButtons={<OrderBulkActions canWrite={canCreate} />}
      mobile={{
        primary: (o) => <OrderIdCell order={o} />,
        secondary: (o) => line(money(o.amountFiat, o.currency), o.customerEmail, dateTime(o.createdAt)),
        status: () => <OrderStatusField />,
      }}
    >
      <DataTable.Col<OrderSummary> source="id" disableSort render={(o) => <OrderIdCell order={o} />} />
      <DataTable.Col source="status" field={OrderStatusField} />
      <DataTable.Col<OrderSummary> source="qty" align="right" render={(o) => number(o.qty)} />
      <DataTable.Col<OrderSummary> source="amountFiat" align="right" render={(o) => money(o.amountFiat, o.currency)} />
      <DataTable.Col<OrderSummary> source="createdAt" render={(o) => dateTime(o.createdAt)} />
      <DataTable.Col<OrderSummary>
        source="customerEmail"
        disableSort
        render={(o) => (
          <RecordLink resource="users" id={o.userId}>
            {o.customerEmail}
          </RecordLink>
        )}
      />
      <DataTable.Col label="resources.orders.actions" disableSort>
        <ShowButton />
      </DataTable.Col>
    </ListShell>
  );
}
