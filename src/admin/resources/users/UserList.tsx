import { Box, Typography } from '@mui/material';
import { CreateButton, DataTable, ShowButton, useCanAccess, useTranslate } from 'react-admin';
import { ROLES } from '../../../common/capabilities';
import { USER_STATUSES, type User } from '../../../common/users';
import ListShell, { type SelectFilter } from '../../components/ListShell';
import { useFormat } from '../../hooks/useFormat';
import UsersTabs from '../kyc/UsersTabs';
import UserActions from './UserActions';
import UserBulkActions from './UserBulkActions';
import { KycChip, RoleChip, UserStatusChip } from './UserChips';
import UserStatsCards from './UserStatsCards';
import { displayName } from './userName';

const SELECTS: SelectFilter[] = [
  { source: 'role', choices: ROLES, names: 'role', all: 'all_roles' },
  { source: 'status', choices: USER_STATUSES, names: 'status', all: 'all_statuses' },
];

/** Name (or "No Name") over the email. */
function UserCell({ user }: { user: User }) {
  const translate = useTranslate();
  return (
    <Box>
      <Typography variant="body2" sx={{ fontWeight: 500 }}>
        {displayName(user) ?? translate('resources.users.no_name')}
      </Typography>
      <Typography variant="caption" color="text.secondary">
        {user.email}
      </Typography>
    </Box>
  );
}

/** The users: stat cards, search, role and status filters, and for admins Add User, Edit, Suspend. */
export default function UserList() {
  const translate = useTranslate();
  const { dateTime } = useFormat();
  const { canAccess: canWrite = false } = useCanAccess({ resource: 'users', action: 'create' });
  return (
    <>
      <UsersTabs />
      <Typography color="text.secondary" sx={{ mt: 2 }}>
        {translate('resources.users.subtitle')}
      </Typography>
      <ListShell<User>
        perPage={50}
        search
        selects={SELECTS}
        header={<UserStatsCards />}
        after={canWrite && <CreateButton label="resources.users.add" />}
        bulkActionButtons={canWrite && <UserBulkActions />}
        mobile={{ primary: (u) => <UserCell user={u} />, status: () => <UserStatusChip /> }}
      >
        <DataTable.Col<User> source="email" label="resources.users.fields.user" render={(u) => <UserCell user={u} />} />
        <DataTable.Col source="role" field={RoleChip} />
        <DataTable.Col source="status" disableSort field={UserStatusChip} />
        <DataTable.Col source="kycStatus" disableSort field={KycChip} />
        <DataTable.Col<User>
          source="lastLogin"
          render={(u) => (u.lastLogin ? dateTime(u.lastLogin) : translate('resources.users.never'))}
        />
        <DataTable.Col label="resources.users.actions" disableSort>
          <Box sx={{ display: 'flex', whiteSpace: 'nowrap' }}>
            <ShowButton />
            <UserActions />
          </Box>
        </DataTable.Col>
      </ListShell>
    </>
  );
}
