import { Typography } from '@mui/material';
import { DataTable, useTranslate } from 'react-admin';
import { REDEMPTION_STATUSES, type Redemption } from '../../../common/membership';
import ListShell, { type SelectFilter } from '../../components/ListShell';
import { useLine } from '../../components/PhoneList';
import { shortId } from '../../components/ids';
import { useFormat } from '../../hooks/useFormat';
import { RedemptionStatusChip } from '../../pages/membership/MembershipChips';
import MembershipTabs from '../../pages/membership/MembershipTabs';
import RedemptionDecision from './RedemptionDecision';
import RecordLink from '../../components/RecordLink';

const SELECTS: SelectFilter[] = [
  { source: 'status', choices: REDEMPTION_STATUSES, names: 'status', all: 'all_statuses' },
];
const noWrap = () => ({ whiteSpace: 'nowrap' });

/** The staff's redemption requests: pending first by default, filtered by status, each pending one with Approve and Reject. */
export default function RedemptionList() {
  const translate = useTranslate();
  const { dateTime, number } = useFormat();
  const line = useLine();
  const M = 'app.membership.redemptions';
  const product = (r: Redemption) =>
    r.product ? (
      <RecordLink resource="products" id={r.product.id}>
        {r.product.title}
      </RecordLink>
    ) : (
      translate(`${M}.unknown_product`)
    );
  const order = (r: Redemption) =>
    r.orderId ? (
      <RecordLink resource="orders" id={r.orderId} mono title={r.orderId}>
        {shortId(r.orderId)}
      </RecordLink>
    ) : null;
  return (
    <>
      <Typography variant="h5" component="h2" sx={{ mt: 2 }}>
        {translate('app.membership.title')}
      </Typography>
      <MembershipTabs />
      <Typography color="text.secondary" sx={{ mt: 2 }}>
        {translate('resources.redemptions.subtitle')}
      </Typography>
      <ListShell<Redemption>
        perPage={25}
        selects={SELECTS}
        rowClick={false}
        filterDefaultValues={{ status: 'PENDING' }}
        mobile={{
          primary: (r) =>
            translate(`${M}.phone_item`, {
              product: r.product?.title ?? translate(`${M}.unknown_product`),
              quantity: number(r.quantity),
            }),
          secondary: (r) =>
            line(
              <RecordLink resource="users" id={r.userId}>
                {r.email}
              </RecordLink>,
              translate(`${M}.phone_points`, { points: number(r.pointsUsed) }),
              dateTime(r.createdAt),
              order(r),
            ),
          status: (r) => <RedemptionStatusChip status={r.status} />,
          actions: () => <RedemptionDecision />,
        }}
      >
        <DataTable.Col<Redemption> source="createdAt" cellSx={noWrap} render={(r) => dateTime(r.createdAt)} />
        <DataTable.Col<Redemption>
          source="email"
          disableSort
          render={(r) => (
            <RecordLink resource="users" id={r.userId}>
              {r.email}
            </RecordLink>
          )}
        />
        <DataTable.Col<Redemption> source="product" disableSort render={product} />
        <DataTable.Col<Redemption> source="quantity" align="right" disableSort render={(r) => number(r.quantity)} />
        <DataTable.Col<Redemption> source="pointsUsed" align="right" render={(r) => number(r.pointsUsed)} />
        <DataTable.Col<Redemption>
          source="status"
          disableSort
          render={(r) => <RedemptionStatusChip status={r.status} />}
        />
        <DataTable.Col<Redemption> source="orderId" disableSort render={(r) => order(r) ?? '—'} />
        <DataTable.Col label="resources.redemptions.actions" disableSort>
          <RedemptionDecision />
        </DataTable.Col>
      </ListShell>
    </>
  );
}
