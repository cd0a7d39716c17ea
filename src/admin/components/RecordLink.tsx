import type { MouseEvent, ReactNode } from 'react';
import { Link, useCanAccess, useCreatePath, type Identifier } from 'react-admin';
import type { ResourceName } from '../../common/resources';
import { MONO } from './Mono';

/**
 * A related record named by what the row already holds (an email, a title, a short id), as a link to its page for the
 * roles that may open it and as plain text for the others. A click on it does not also open the row it sits in.
 */
export default function RecordLink({
  resource,
  id,
  mono,
  title,
  children,
}: {
  resource: ResourceName;
  id: Identifier | null | undefined;
  mono?: boolean;
  title?: string;
  children: ReactNode;
}) {
  const createPath = useCreatePath();
  const { canAccess } = useCanAccess({ resource, action: 'show' });
  if (id == null || !canAccess) return <span title={title}>{children}</span>;
  return (
    <Link
      to={createPath({ resource, id, type: 'show' })}
      title={title}
      sx={mono ? MONO : undefined}
      onClick={(e: MouseEvent) => e.stopPropagation()}
    >
      {children}
    </Link>
  );
}
