import { usePermissions } from 'react-admin';
import { roleCanAccess, type ResourceName } from '../../common/resources';

/** Whether the signed-in user's role (the auth provider's permissions) may do `action` on `resource`; false while unknown. */
export default function useCan(resource: ResourceName, action: string): boolean {
  const { permissions: role } = usePermissions<string | undefined>();
  return roleCanAccess(role, resource, action);
}
