import { useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { getToken, TOKEN_KEY } from '../../lib/api';

/** Whether a token is stored, re-read on every navigation and on changes from other tabs. */
export function useHasToken(): boolean {
  const { pathname } = useLocation();
  const [has, setHas] = useState(() => !!getToken());
  useEffect(() => setHas(!!getToken()), [pathname]);
  useEffect(() => {
    const onStorage = (e: StorageEvent) => {
      if (e.key === null || e.key === TOKEN_KEY) setHas(!!getToken());
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);
  return has;
}
