import type { ReactNode } from 'react';
import { CanAccess, Loading } from 'react-admin';
import { NotAllowed } from './NotAllowed';

/** react-admin's CanAccess with this app's pieces: its children for roles authProvider.canAccess lets `action` `resource`, NotAllowed in place for others. */
export function Guarded({
  resource,
  action = 'list',
  children,
}: {
  resource: string;
  action?: string;
  children: ReactNode;
}) {
  return (
    <CanAccess resource={resource} action={action} loading={<Loading />} accessDenied={<NotAllowed />}>
      {children}
    </CanAccess>
  );
}
