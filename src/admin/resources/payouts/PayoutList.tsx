import { DataTable, ShowButton, useCanAccess, useTranslate } from 'react-admin';
import { PAYOUT_METHODS, PAYOUT_STATUSES, type Payout } from '../../../common/referrals';
import { shortId } from '../../components/ids';
import ListShell, { type SelectFilter } from '../../components/ListShell';
import { useLine } from '../../components/PhoneList';
import Mono from '../../components/Mono';
import TxLink from '../../components/TxLink';
import { useFormat } from '../../hooks/useFormat';
import CreatePayoutDialog from './CreatePayoutDialog';
import { PayoutStatusChip } from './PayoutChips';
import PayoutStatsCards from './PayoutStatsCards';
import RecordLink from '../../components/RecordLink';

const SELECTS: SelectFilter[] = [
  { source: 'status', choices: PAYOUT_STATUSES, names: 'status', all: 'all_statuses' },
  { source: 'method', choices: PAYOUT_METHODS, names: 'method', all: 'all_methods' },
];
const noWrap = () => ({ whiteSpace: 'nowrap' });

/** Payouts, newest first, 50 a page: counts and total of the filter, search, status and method filters, Create Payout for finance and admins. */
export default function PayoutList() {
  const translate = useTranslate();
  const { money, dateTime } = useFormat();
  const line = useLine();
  const { canAccess: canWrite = false } = useCanAccess({ resource: 'payouts', action: 'create' });
  return (
    <ListShell<Payout>
      perPage={50}
      search
      searchWidth={320}
      selects={SELECTS}
      header={<PayoutStatsCards />}
      after={canWrite && <CreatePayoutDialog />}
      mobile={{
        primary: (p) => money(p.amount, p.currency),
        secondary: (p) => line(p.recipient, dateTime(p.createdAt)),
        status: () => <PayoutStatusChip />,
      }}
    >
      <DataTable.Col<Payout>
        source="id"
        disableSort
        cellSx={noWrap}
        render={(p) => <Mono title={p.id}>{shortId(p.id)}</Mono>}
      />
      <DataTable.Col<Payout>
        source="recipient"
        disableSort
        render={(p) => (
          <RecordLink resource="users" id={p.recipientId}>
            {p.recipient}
          </RecordLink>
        )}
      />
      <DataTable.Col<Payout>
        source="amount"
        align="right"
        disableSort
        cellSx={noWrap}
        render={(p) => money(p.amount, p.currency)}
      />
      <DataTable.Col<Payout>
        source="method"
        disableSort
        render={(p) => translate(`resources.payouts.method.${p.method}`)}
      />
      <DataTable.Col source="status" disableSort field={PayoutStatusChip} />
      <DataTable.Col<Payout> source="createdAt" disableSort cellSx={noWrap} render={(p) => dateTime(p.createdAt)} />
      <DataTable.Col<Payout>
        source="txHash"
        disableSort
        render={(p) => <TxLink hash={p.txHash} url={p.txHash ? `/tx/${p.txHash}` : null} />}
      />
      <DataTable.Col label="resources.payouts.actions" disableSort>
        <ShowButton />
      </DataTable.Col>
    </ListShell>
  );
}
