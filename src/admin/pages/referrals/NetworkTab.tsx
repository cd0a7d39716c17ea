import { Chip } from '@mui/material';
import { DataTable, useTranslate } from 'react-admin';
import type { Referral } from '../../../common/referrals';
import ListLoadError from '../../components/ListLoadError';
import ListShell from '../../components/ListShell';
import { useLine } from '../../components/PhoneList';
import RecordLink from '../../components/RecordLink';
import { useFormat } from '../../hooks/useFormat';

const N = 'app.referrals.network';

/** Who referred whom (two levels), with what each referrer earned from that person; search and pages, kept in the address. */
export default function NetworkTab() {
  const translate = useTranslate();
  const { money, dateTime } = useFormat();
  const line = useLine();
  const referred = (r: Referral) => (
    <RecordLink resource="users" id={r.id}>
      {r.referredEmail}
    </RecordLink>
  );
  return (
    <ListShell<Referral>
      resource="referral-network"
      texts={N}
      title={false}
      perPage={50}
      search
      searchWidth={280}
      rowClick={false}
      loadError={<ListLoadError message="app.referrals.load_failed" />}
      mobile={{
        primary: referred,
        secondary: (r) =>
          line(
            translate(`${N}.phone_referred_by`, { email: r.userEmail }),
            money(r.totalEarnings),
            dateTime(r.createdAt),
          ),
        status: (r) => (
          <Chip
            size="small"
            color={r.active ? 'success' : 'default'}
            label={translate(`${N}.${r.active ? 'phone_active' : 'phone_inactive'}`)}
          />
        ),
      }}
    >
      <DataTable.Col<Referral> source="userEmail" label={`${N}.referrer`} disableSort />
      <DataTable.Col<Referral> source="referredEmail" label={`${N}.referred`} render={referred} />
      <DataTable.Col<Referral>
        source="level2Email"
        label={`${N}.level2`}
        disableSort
        render={(r) => r.level2Email ?? '—'}
      />
      <DataTable.Col<Referral>
        source="totalEarnings"
        label={`${N}.earnings`}
        disableSort
        render={(r) => money(r.totalEarnings)}
      />
      <DataTable.Col<Referral>
        source="active"
        label={`${N}.active`}
        disableSort
        render={(r) => translate(`${N}.${r.active ? 'yes' : 'no'}`)}
      />
      <DataTable.Col<Referral> source="createdAt" label={`${N}.date`} render={(r) => dateTime(r.createdAt)} />
    </ListShell>
  );
}
