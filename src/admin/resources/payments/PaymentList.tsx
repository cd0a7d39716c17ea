import { DataTable } from 'react-admin';
import { PAYMENT_STATUSES } from '../../../common/orders';
import type { Payment } from '../../../common/payments';
import RecordLink from '../../components/RecordLink';
import { DAY_FILTERS } from '../../components/DayFilter';
import { ProviderFilter } from './PaymentFilters';
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

const SELECTS: SelectFilter[] = [{ source: 'status', choices: PAYMENT_STATUSES, names: 'status', all: 'all_statuses' }];

/** The method filter, with the providers the data holds (the list answer's `stats.providers`), and the days. */
const INPUTS = [<ProviderFilter key="provider" source="provider" alwaysOn />, ...DAY_FILTERS];

const noWrap = () => ({ whiteSpace: 'nowrap' });

/** Payments, newest first, 50 a page (a row opens its payment): counts per status and the revenue of the filter; search, status, method and day filters. */
export default function PaymentList() {
  const { money, dateTime } = useFormat();
  const line = useLine();
  return (
    <ListShell<Payment>
      perPage={PAYMENTS_PER_PAGE}
      search
      selects={SELECTS}
      inputs={INPUTS}
      header={<PaymentStatsCards />}
      loadError={<PaymentLoadError />}
      mobile={{
        primary: (p) => money(p.amount, p.currency),
        secondary: (p) => line(shortId(p.id), p.customerEmail ?? '', dateTime(p.createdAt)),
        status: () => <PaymentStatusField />,
      }}
    >
      <DataTable.Col<Payment>
        source="id"
        disableSort
        cellSx={noWrap}
        render={(p) => <Mono title={p.id}>{shortId(p.id)}</Mono>}
      />
      <DataTable.Col<Payment>
        source="orderId"
        disableSort
        cellSx={noWrap}
        render={(p) => (
          <RecordLink resource="orders" id={p.orderId} mono title={p.orderId ?? undefined}>
            {p.orderId ? shortId(p.orderId) : '—'}
          </RecordLink>
        )}
      />
      <DataTable.Col<Payment>
        source="customerEmail"
        disableSort
        render={(p) => (
          <RecordLink resource="users" id={p.customerId}>
            {p.customerEmail ?? '—'}
          </RecordLink>
        )}
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
    </ListShell>
  );
}
