import { DataTable, ShowButton } from 'react-admin';
import { PAYMENT_STATUSES } from '../../../common/orders';
import { PAYMENT_FILTER_PROVIDERS, type Payment } from '../../../common/payments';
import { shortId } from '../../components/ids';
import ListShell, { type SelectFilter } from '../../components/ListShell';
import { useLine } from '../../components/PhoneList';
import Mono from '../../components/Mono';
import { useFormat } from '../../hooks/useFormat';
import { PAYMENTS_PER_PAGE } from './constants';
import { DashboardLink, PaymentMethod } from './PaymentLinks';
import PaymentLoadError from './PaymentLoadError';
import PaymentStatsCards from './PaymentStatsCards';
import PaymentStatusField from './PaymentStatusChip';

const SELECTS: SelectFilter[] = [
  { source: 'status', choices: PAYMENT_STATUSES, names: 'status', all: 'all_statuses' },
  { source: 'provider', choices: PAYMENT_FILTER_PROVIDERS, names: 'provider', all: 'all_methods' },
];

const noWrap = () => ({ whiteSpace: 'nowrap' });

/** Payments, newest first, 50 a page: counts per status and the total amount of the filter, search, status and method filters. */
export default function PaymentList() {
  const { money, dateTime } = useFormat();
  const line = useLine();
  return (
    <ListShell<Payment>
      perPage={PAYMENTS_PER_PAGE}
      search
      selects={SELECTS}
      header={<PaymentStatsCards />}
      loadError={<PaymentLoadError />}
      mobile={{
        primary: (p) => money(p.amount, p.currency),
        secondary: (p) => line(shortId(p.id), dateTime(p.createdAt)),
        status: () => <PaymentStatusField />,
      }}
    >
      <DataTable.Col<Payment>
        source="id"
        disableSort
        cellSx={noWrap}
        render={(p) => <Mono title={p.id}>{shortId(p.id)}</Mono>}
      />
      <DataTable.Col<Payment> source="provider" disableSort render={(p) => <PaymentMethod payment={p} />} />
      <DataTable.Col<Payment>
        source="amount"
        align="right"
        cellSx={noWrap}
        render={(p) => money(p.amount, p.currency)}
      />
      <DataTable.Col source="status" field={PaymentStatusField} />
      <DataTable.Col<Payment> source="createdAt" cellSx={noWrap} render={(p) => dateTime(p.createdAt)} />
      <DataTable.Col<Payment> source="dashboardUrl" disableSort render={(p) => <DashboardLink payment={p} compact />} />
      <DataTable.Col label="resources.payments.actions" disableSort>
        <ShowButton />
      </DataTable.Col>
    </ListShell>
  );
}
