import { Typography } from '@mui/material';
import { DataTable, useTranslate } from 'react-admin';
import { REDEMPTION_STATUSES, type Redemption } from '../../../common/membership';
import ListShell, { type SelectFilter } from '../../components/ListShell';
import { shortId } from '../../components/ids';
import { useFormat } from '../../hooks/useFormat';
import { RedemptionStatusChip } from '../../pages/membership/MembershipChips';
import MembershipTabs from '../../pages/membership/MembershipTabs';
import RedemptionDecision from './RedemptionDecision';
import RecordLink from '../../components/RecordLink';

const SELECTS: SelectFilter[] = [{ source: 'status', choices: REDEMPTION_STATUSES, names: 'status', all: 'all_statuses' }];
const noWrap = () => ({ whiteSpace: 'nowrap' });

/** The staff's redemption requests: pending first by default, filtered by status, each pending one with Approve and Reject. */
export default function RedemptionList() {
  const translate = useTranslate();
  const { dateTime, number } = useFormat();
  return (
    <>
      <Typography variant="h5" component="h2" sx={{ mt: 2 }}>{translate('app.membership.title')}</Typography>
      <MembershipTabs />
      <Typography color="text.secondary" sx={{ mt: 2 }}>{translate('resources.redemptions.subtitle')}</Typography>
      <ListShell<Redemption> perPage={25} selects={SELECTS} rowClick={false} filterDefaultValues={{ status: 'PENDING' }}>
        <DataTable.Col<Redemption> source="createdAt" cellSx={noWrap} render={(r) => dateTime(r.createdAt)} />
        <DataTable.Col<Redemption> source="email" disableSort render={(r) => <RecordLink resource="users" id={r.userId}>{r.email}</RecordLink>} />
        <DataTable.Col<Redemption> source="product" disableSort render={(r) => (r.product ? <RecordLink resource="products" id={r.product.id}>{r.product.title}</RecordLink> : translate('app.membership.redemptions.unknown_product'))} />
        <DataTable.Col<Redemption> source="quantity" align="right" disableSort render={(r) => number(r.quantity)} />
        <DataTable.Col<Redemption> source="pointsUsed" align="right" render={(r) => number(r.pointsUsed)} />
        <DataTable.Col<Redemption> source="status" disableSort render={(r) => <RedemptionStatusChip status={r.status} />} />
        <DataTable.Col<Redemption> source="orderId" disableSort render={(r) => (r.orderId ? <RecordLink resource="orders" id={r.orderId} mono title={r.orderId}>{shortId(r.orderId)}</RecordLink> : '—')} />
        <DataTable.Col label="resources.redemptions.actions" disableSort>
          <RedemptionDecision />
        </DataTable.Col>
      </ListShell>
    </>
  );
}
