import PeopleIcon from '@mui/icons-material/People';
import type { User } from '../../../common/users';
import { lazyResource } from '../../lazyResource';

/** Users: list, show, edit and create at /users (API /api/users); admins change them, other staff read. */
export default lazyResource({
  name: 'users',
  icon: PeopleIcon,
  recordRepresentation: (record: User) => record.email,
  list: () => import('./UserList'),
  show: () => import('./UserShow'),
  edit: () => import('./UserEdit'),
  create: () => import('./UserCreate'),
});
