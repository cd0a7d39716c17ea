import { Button, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { RecordContextProvider, useCanAccess, useGetList, useRecordContext, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import type { KycSession } from '../../../common/kyc';
import type { UserDetail } from '../../../common/users';
import Panel from '../../components/Panel';
import { useFormat } from '../../hooks/useFormat';
import { DocumentCell, KycSessionStatusChip } from './KycChips';

function Sessions({ userId }: { userId: string }) {
  const translate = useTranslate();
  const { dateTime } = useFormat();
  const { data, isPending, error } = useGetList<KycSession>('kyc', {
    filter: { userId },
    sort: { field: 'createdAt', order: 'DESC' },
    pagination: { page: 1, perPage: 20 },
  });
  if (isPending) return null;
  if (error) return <Typography color="error">{translate('resources.kyc.load_failed')}</Typography>;
  if (!data?.length)
    return <Typography color="text.secondary">{translate('resources.kyc.user_no_sessions')}</Typography>;
  const head = (key: string) => <TableCell>{translate(`resources.kyc.fields.${key}`)}</TableCell>;
  return (
    <Table size="small" data-testid="user-kyc-sessions">
      <TableHead>
        <TableRow>
          {head('createdAt')}
          {head('legalName')}
          {head('documentType')}
          {head('status')}
          {head('reason')}
          <TableCell />
        </TableRow>
      </TableHead>
      <TableBody>
        {data.map((s) => (
          <RecordContextProvider key={s.id} value={s}>
            <TableRow>
              <TableCell>{dateTime(s.createdAt)}</TableCell>
              <TableCell>{s.legalName}</TableCell>
              <TableCell>
                <DocumentCell />
              </TableCell>
              <TableCell>
                <KycSessionStatusChip />
              </TableCell>
              <TableCell>{s.reason ?? '—'}</TableCell>
              <TableCell>
                <Button size="small" component={Link} to={`/kyc/${s.id}/show`}>
                  {translate('resources.kyc.view')}
                </Button>
              </TableCell>
            </TableRow>
          </RecordContextProvider>
        ))}
      </TableBody>
    </Table>
  );
}

/** The user's KYC sessions on their detail page, for the roles that review identities (finance sees none). */
export default function UserKycSessions() {
  const user = useRecordContext<UserDetail>();
  const { canAccess: canReview = false } = useCanAccess({ resource: 'kyc', action: 'list' });
  if (!user || !canReview) return null;
  return (
    <Panel title="resources.kyc.user_sessions" variant="subtitle1">
      <Sessions userId={user.id} />
    </Panel>
  );
}
