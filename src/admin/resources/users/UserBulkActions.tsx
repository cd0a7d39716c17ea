import BlockIcon from '@mui/icons-material/Block';
import HowToRegIcon from '@mui/icons-material/HowToReg';
import type { User } from '../../../common/users';
import BulkActionButton from '../../components/BulkActionButton';

const email = (u: User) => u.email;

/** The selected users: suspend them (never one's own account) or make them active again. */
export default function UserBulkActions() {
  return (
    <>
      <BulkActionButton<User>
        path="/api/users/bulk"
        body={{ action: 'suspend' }}
        label="resources.users.bulk.suspend"
        confirm="resources.users.bulk.confirm_suspend"
        icon={<BlockIcon />}
        danger
        name={email}
      />
      <BulkActionButton<User>
        path="/api/users/bulk"
        body={{ action: 'reactivate' }}
        label="resources.users.bulk.reactivate"
        confirm="resources.users.bulk.confirm_reactivate"
        icon={<HowToRegIcon />}
        name={email}
      />
    </>
  );
}
