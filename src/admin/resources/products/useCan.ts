import { useGetIdentity, usePermissions } from 'react-admin';
import { can, type Capability } from '../../../lib/capabilities';

/** The signed-in role, from the auth provider's permissions (a role string or {role}) or identity. */
function roleFrom(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object' && 'role' in value && typeof value.role === 'string') return value.role;
  return undefined;
}

/** Whether the signed-in user holds a capability (src/lib/capabilities.ts); false while unknown. */
export default function useCan(capability: Capability): boolean {
  const { permissions } = usePermissions();
  const { identity } = useGetIdentity();
  return can(roleFrom(permissions) ?? roleFrom(identity), capability);
}
