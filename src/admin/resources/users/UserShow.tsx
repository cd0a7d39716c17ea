import { Box, Button, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import {
  FunctionField,
  Labeled,
  ListButton,
  SimpleShowLayout,
  TextField,
  TopToolbar,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { Link } from 'react-router-dom';
import type { LoginFailureInfo, User, UserDetail, UserSessionInfo } from '../../../common/users';
import AwaitDetail, { detailOf } from '../../components/AwaitDetail';
import Panel from '../../components/Panel';
import RecordHistory from '../../components/RecordHistory';
import { useFormat } from '../../hooks/useFormat';
import UserKycSessions from '../kyc/UserKycSessions';
import UserActions from './UserActions';
import UserSecurity from './UserSecurity';
import { KycChip, RoleChip, UserStatusChip } from './UserChips';
import { displayName } from './userName';
import { RecordShow } from '../../components/RecordPage';

const row = { display: 'flex', flexWrap: 'wrap', gap: 4 } as const;

/** The user's open sessions: where and when each was last used. */
function Sessions({ open }: { open: UserSessionInfo[] }) {
  const translate = useTranslate();
  const { dateTime } = useFormat();
  if (open.length === 0)
    return <Typography color="text.secondary">{translate('resources.users.no_sessions')}</Typography>;
  const head = (key: string) => <TableCell>{translate(`resources.users.session.${key}`)}</TableCell>;
  return (
    <Table size="small">
      <TableHead>
        <TableRow>
          {head('started')}
          {head('last_seen')}
          {head('agent')}
          {head('ip')}
        </TableRow>
      </TableHead>
      <TableBody>
        {open.map((s) => (
          <TableRow key={s.id}>
            <TableCell>{dateTime(s.createdAt)}</TableCell>
            <TableCell>{dateTime(s.lastSeenAt)}</TableCell>
            <TableCell
              title={s.userAgent ?? undefined}
              sx={{ maxWidth: 320, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
            >
              {s.userAgent ?? '—'}
            </TableCell>
            <TableCell>{s.ip ?? '—'}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

function OrdersLink({ user }: { user: UserDetail }) {
  const translate = useTranslate();
  const { number } = useFormat();
  const to = `/orders?filter=${encodeURIComponent(JSON.stringify({ q: user.email }))}`;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
      <Typography>{number(user.ordersCount)}</Typography>
      {user.ordersCount > 0 && (
        <Button component={Link} to={to} size="small">
          {translate('resources.users.view_orders')}
        </Button>
      )}
    </Box>
  );
}

/** The recent failed logins by address: an address at the limit is locked out of this account, the others are not. */
function LoginFailures({ rows }: { rows: LoginFailureInfo[] }) {
  const translate = useTranslate();
  const { dateTime } = useFormat();
  if (rows.length === 0) return null;
  const head = (key: string) => <TableCell>{translate(`resources.users.failure.${key}`)}</TableCell>;
  return (
    <Panel title="resources.users.login_failures" variant="subtitle1">
      <Table size="small" data-testid="login-failures">
        <TableHead>
          <TableRow>
            {head('ip')}
            {head('failures')}
            {head('last')}
            {head('locked')}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((f) => (
            <TableRow key={f.ip}>
              <TableCell>{f.ip}</TableCell>
              <TableCell>{f.failures}</TableCell>
              <TableCell>{dateTime(f.lastFailedAt)}</TableCell>
              <TableCell>{f.lockedUntil ? dateTime(f.lockedUntil) : '—'}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Panel>
  );
}

/** The list's user at once; what only the one-record answer carries (orders, failed logins, 2FA, sessions) after it. */
function Detail() {
  const record = useRecordContext<User | UserDetail>();
  const user = record ? detailOf<User, UserDetail>(record, 'sessions') : null;
  return (
    <>
      <Box sx={row}>
        <Labeled label="resources.users.fields.failedLoginCount">
          <AwaitDetail detail={user} lines={1}>
            {(u) => String(u.failedLoginCount)}
          </AwaitDetail>
        </Labeled>
        <Labeled label="resources.users.fields.ordersCount">
          <AwaitDetail detail={user} lines={1}>
            {(u) => <OrdersLink user={u} />}
          </AwaitDetail>
        </Labeled>
      </Box>
      <Panel title="resources.users.security.title" variant="subtitle1">
        <AwaitDetail detail={user}>{(u) => <UserSecurity user={u} />}</AwaitDetail>
      </Panel>
      {user && <LoginFailures rows={user.loginFailures} />}
      <UserKycSessions />
      <Panel title="resources.users.sessions" variant="subtitle1">
        <AwaitDetail detail={user}>{(u) => <Sessions open={u.sessions} />}</AwaitDetail>
      </Panel>
    </>
  );
}

/** One user: who they are, their role and standing, their orders and their open sessions. */
export default function UserShow() {
  const translate = useTranslate();
  const { dateTime } = useFormat();
  const when = (value: string | null) => (value ? dateTime(value) : translate('resources.users.never'));
  return (
    <RecordShow
      actions={
        <TopToolbar>
          <ListButton />
          <UserActions />
        </TopToolbar>
      }
    >
      <SimpleShowLayout>
        <FunctionField<UserDetail>
          label={false}
          render={(u) => <Typography variant="h6">{displayName(u) ?? translate('resources.users.no_name')}</Typography>}
        />
        <Box sx={row}>
          <Labeled source="email">
            <TextField source="email" />
          </Labeled>
          <Labeled source="phone">
            <TextField source="phone" emptyText="—" />
          </Labeled>
          <Labeled source="role">
            <RoleChip />
          </Labeled>
          <Labeled source="status">
            <UserStatusChip />
          </Labeled>
          <Labeled source="kycStatus">
            <KycChip />
          </Labeled>
        </Box>
        <Box sx={row}>
          <Labeled>
            <FunctionField<UserDetail> source="lastLogin" render={(u) => when(u.lastLogin)} />
          </Labeled>
          <Labeled>
            <FunctionField<UserDetail> source="createdAt" render={(u) => dateTime(u.createdAt)} />
          </Labeled>
          <Labeled>
            <FunctionField<UserDetail>
              source="lockedUntil"
              render={(u) => (u.lockedUntil ? dateTime(u.lockedUntil) : '—')}
            />
          </Labeled>
        </Box>
        <Detail />
        <RecordHistory entity="user" />
      </SimpleShowLayout>
    </RecordShow>
  );
}
