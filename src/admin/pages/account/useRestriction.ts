import { useEffect, useState } from 'react';
import type { Restriction } from '../../../common/two-factor';
import { getToken } from '../../../lib/api';
import { currentRestriction } from '../../providers/authProvider';

/** The session's restriction: undefined while asking, null for none. */
export function useRestriction() {
  const [restriction, setRestriction] = useState<Restriction | null | undefined>(undefined);
  useEffect(() => {
    let live = true;
    currentRestriction().then(
      (r) => live && setRestriction(r),
      () => live && setRestriction(null),
    );
    return () => {
      live = false;
    };
  }, []);
  return { restriction, loggedIn: !!getToken() };
}
