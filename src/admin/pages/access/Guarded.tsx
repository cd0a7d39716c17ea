import type { ReactNode } from 'react';
import { Loading, useCanAccess } from 'react-admin';
import { NotAllowed } from './NotAllowed';

/** Renders its children only when the role may open `resource` (authProvider.canAccess). */
export function Guarded({ resource, action = 'list', children }: { resource: string; action?: string; children: ReactNode }) {
  const { canAccess, isPending } = useCanAccess({ resource, action });
  if (isPending) return <Loading />;
  if (!canAccess) return <NotAllowed />;
  return <>{children}</>;
}
