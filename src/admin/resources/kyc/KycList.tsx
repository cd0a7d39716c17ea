import { Typography } from '@mui/material';
import { DataTable, ShowButton, useListContext, useTranslate } from 'react-admin';
import { KYC_SESSION_STATUSES, type KycSession, type KycSessionStatus } from '../../../common/kyc';
import ListShell, { type SelectFilter } from '../../components/ListShell';
import { useLine } from '../../components/PhoneList';
import { useFormat } from '../../hooks/useFormat';
import KycDecision from './KycDecision';
import KycDocument from './KycDocument';
import { DocumentCell, KycSessionStatusChip } from './KycChips';
import UsersTabs from './UsersTabs';
import RecordLink from '../../components/RecordLink';

const SELECTS: SelectFilter[] = [
  { source: 'status', choices: KYC_SESSION_STATUSES, names: 'status', all: 'all_statuses' },
];

function Counts() {
  const { meta } = useListContext();
  const translate = useTranslate();
  const counts = (meta as { counts?: Record<KycSessionStatus, number> } | undefined)?.counts;
  if (!counts) return null;
  return (
    <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} data-testid="kyc-counts">
      {translate('resources.kyc.counts', counts)}
    </Typography>
  );
}

function Person({ s }: { s: KycSession }) {
  return (
    <>
      <Typography variant="body2" sx={{ fontWeight: 500 }}>
        {s.legalName}
      </Typography>
      <Typography variant="caption" color="text.secondary">
        <RecordLink resource="users" id={s.userId}>
          {s.userEmail}
        </RecordLink>
      </Typography>
    </>
  );
}

/** The KYC review queue (admins and operators): pending first, oldest first, each with its document, Approve and Reject. */
export default function KycList() {
  const translate = useTranslate();
  const { dateTime } = useFormat();
  const line = useLine();
  return (
    <>
      <UsersTabs />
      <Typography color="text.secondary" sx={{ mt: 2 }}>
        {translate('resources.kyc.subtitle')}
      </Typography>
      <ListShell<KycSession>
        perPage={25}
        search
        selects={SELECTS}
        header={<Counts />}
        filterDefaultValues={{ status: 'pending' }}
        sort={{ field: 'createdAt', order: 'ASC' }}
        mobile={{
          primary: (s) => s.legalName,
          secondary: (s) => line(s.userEmail, dateTime(s.createdAt)),
          status: () => <KycSessionStatusChip />,
        }}
      >
        <DataTable.Col<KycSession>
          source="document"
          disableSort
          render={(s) => <KycDocument session={s} size="small" />}
        />
        <DataTable.Col<KycSession>
          source="legalName"
          label="resources.kyc.fields.user"
          render={(s) => <Person s={s} />}
        />
        <DataTable.Col source="documentType" disableSort field={DocumentCell} />
        <DataTable.Col source="country" disableSort />
        <DataTable.Col<KycSession> source="createdAt" render={(s) => dateTime(s.createdAt)} />
        <DataTable.Col source="status" field={KycSessionStatusChip} />
        <DataTable.Col label="resources.users.actions" disableSort>
          <span style={{ display: 'inline-flex', whiteSpace: 'nowrap', gap: 4 }}>
            <KycDecision />
            <ShowButton label="resources.kyc.view" />
          </span>
        </DataTable.Col>
      </ListShell>
    </>
  );
}
