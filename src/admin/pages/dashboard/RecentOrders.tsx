import {
  Alert,
  Box,
  Card,
  CardContent,
  List,
  ListItem,
  ListItemButton,
  ListItemText,
  Skeleton,
  Typography,
} from '@mui/material';
import { Link, useTranslate } from 'react-admin';
import Mono from '../../components/Mono';
import { useFormat } from '../../hooks/useFormat';
import { OrderStatusChip } from '../../resources/orders/OrderStatusChip';
import type { OrderSummary } from '../../../common/orders';
import { shortId } from '../../components/ids';
import { RECENT_ORDERS } from './useDashboardData';

type Props = { orders?: OrderSummary[]; loading: boolean; failed: boolean };

/** The five newest orders: id, time, amount and colour-coded status; each opens the order. */
export default function RecentOrders({ orders, loading, failed }: Props) {
  const translate = useTranslate();
  const { money, dateTime } = useFormat();
  return (
    <Card variant="outlined">
      <CardContent>
        <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'baseline' }}>
          <Typography variant="h6">{translate('app.dashboard.recent_orders')}</Typography>
          <Link to="/orders">{translate('app.dashboard.view_all_orders')}</Link>
        </Box>
        {loading ? (
          Array.from({ length: RECENT_ORDERS }, (_, i) => <Skeleton key={i} height={48} />)
        ) : failed ? (
          <Alert severity="warning" sx={{ mt: 1 }}>
            {translate('app.dashboard.alerts.recent_orders_failed')}
          </Alert>
        ) : !orders?.length ? (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {translate('resources.orders.empty')}
          </Typography>
        ) : (
          <List dense disablePadding>
            {orders.map((order) => (
              // Each link in its own list item: a list's children must be items, not links.
              <ListItem key={order.id} disablePadding divider>
                <ListItemButton component={Link} to={`/orders/${order.id}/show`}>
                  <ListItemText
                    primary={<Mono title={order.id}>{shortId(order.id)}</Mono>}
                    secondary={dateTime(order.createdAt)}
                  />
                  <Typography variant="body2" sx={{ mx: 2, whiteSpace: 'nowrap' }}>
                    {money(order.amountFiat, order.currency)}
                  </Typography>
                  <OrderStatusChip status={order.status} />
                </ListItemButton>
              </ListItem>
            ))}
          </List>
        )}
      </CardContent>
    </Card>
  );
}
