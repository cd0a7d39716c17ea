import { usePermissions } from 'react-admin';
import { can, type Capability } from '../../common/capabilities';

/** Whether the signed-in user's role (the auth provider's permissions) holds a capability; false while unknown. */
export default function useCan(capability: Capability): boolean {
  const { permissions: role } = usePermissions<string | undefined>();
  return can(role, capability);
}
