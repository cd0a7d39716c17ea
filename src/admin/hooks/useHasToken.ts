import { useSyncExternalStore } from 'react';
import { useLocation } from 'react-router-dom';
import { getToken, TOKEN_KEY } from '../../lib/api';

/** Other tabs announce a login or logout through the storage event. */
function subscribe(onChange: () => void) {
  const onStorage = (e: StorageEvent) => {
    if (e.key === null || e.key === TOKEN_KEY) onChange();
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
}

const hasToken = () => !!getToken();

/** Whether a token is stored, re-read on every navigation and on changes from other tabs. */
export function useHasToken(): boolean {
  // A navigation re-renders, which reads the token again: this tab's own login and logout send no storage event.
  useLocation();
  return useSyncExternalStore(subscribe, hasToken, () => false);
}
