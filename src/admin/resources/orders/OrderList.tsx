import { Box, Card, Stack, Typography } from '@mui/material';
import { DataTable, InfiniteList, RefreshButton, SearchInput, SelectInput, ShowButton, TopToolbar, useTranslate } from 'react-admin';
import { useFormat } from '../../hooks/useFormat';
import ListLoadError from '../../components/ListLoadError';
import useCan from '../../components/useCan';
import CreateOrderDialog from './CreateOrderDialog';
import LoadMoreButton from '../../components/LoadMoreButton';
import Mono from '../../components/Mono';
import OrderStatsCards from './OrderStatsCards';
import OrderStatusField, { TestBadge } from './OrderStatusChip';
import { ORDER_STATUSES, ORDERS_PER_PAGE, shortId, type OrderSummary } from './constants';

const orderFilters = (searchPlaceholder: string) => [
  <SearchInput key="q" source="q" alwaysOn placeholder={searchPlaceholder} />,
  <SelectInput
    key="status"
    source="status"
    alwaysOn
    emptyText="app.orders.filters.all_statuses"
    choices={ORDER_STATUSES.map((id) => ({ id, name: `app.orders.status.${id}` }))}
  />,
];

function OrderListActions() {
  const canCreate = useCan('orders.create');
  return (
    <TopToolbar>
      <RefreshButton />
      {canCreate && <CreateOrderDialog />}
    </TopToolbar>
  );
}

function NoOrders() {
  const translate = useTranslate();
  return <Typography sx={{ p: 2 }}>{translate('app.orders.empty')}</Typography>;
}

function OrderIdCell({ order }: { order: OrderSummary }) {
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <Mono title={order.id}>{shortId(order.id)}</Mono>
      {order.test && <TestBadge />}
    </Stack>
  );
}

/** Orders, newest first, 20 at a time with "Load More"; search by email prefix or full id. */
export default function OrderList() {
  const translate = useTranslate();
  const { money, dateTime, number } = useFormat();
  return (
    <InfiniteList
      perPage={ORDERS_PER_PAGE}
      sort={{ field: 'createdAt', order: 'DESC' }}
      filters={orderFilters(translate('app.orders.search'))}
      actions={<OrderListActions />}
      pagination={<LoadMoreButton />}
      empty={false}
      component={Box}
      error={<ListLoadError message="app.orders.load_failed" />}
    >
      <OrderStatsCards />
      <Card variant="outlined">
        <DataTable<OrderSummary> rowClick="show" bulkActionButtons={false} empty={<NoOrders />}>
          <DataTable.Col source="id" disableSort render={(o) => <OrderIdCell order={o as OrderSummary} />} />
          <DataTable.Col source="status" field={OrderStatusField} />
          <DataTable.Col source="qty" align="right" render={(o) => number(o.qty)} />
          <DataTable.Col source="amountFiat" align="right" render={(o) => money(o.amountFiat, o.currency)} />
          <DataTable.Col source="createdAt" render={(o) => dateTime(o.createdAt)} />
          <DataTable.Col source="customerEmail" disableSort />
          <DataTable.Col label="app.orders.actions" disableSort>
            <ShowButton />
          </DataTable.Col>
        </DataTable>
      </Card>
    </InfiniteList>
  );
}
