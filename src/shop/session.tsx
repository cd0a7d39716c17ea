import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { SessionUser } from '../common/users';
import { attributeKeptReferral } from './referral';
import { ApiError, currentUser, forget, getToken, login as apiLogin, logout as apiLogout, rememberUser } from './api';

export type Session =
  | { status: 'checking'; user: null; error: null }
  | { status: 'out'; user: null; error: null }
  | { status: 'in'; user: SessionUser; error: null }
  /** A token is stored but the server could not be asked about it (network, 5xx). */
  | { status: 'error'; user: null; error: string };

type SessionApi = Session & {
  login: (email: string, password: string, fallback: string) => Promise<SessionUser>;
  logout: () => Promise<void>;
  recheck: () => void;
};

const OUT: Session = { status: 'out', user: null, error: null };

const SessionContext = createContext<SessionApi | null>(null);

/** Who is logged in: the stored token checked once with GET /api/auth/me (a 401 forgets it). */
export function SessionProvider({ children }: { children: ReactNode }) {
  const [session, setSession] = useState<Session>(() => (getToken() ? { status: 'checking', user: null, error: null } : OUT));
  const [check, setCheck] = useState(0);

  useEffect(() => {
    if (!getToken()) return;
    const ctrl = new AbortController();
    currentUser(ctrl.signal)
      .then((user) => {
        rememberUser(user);
        setSession({ status: 'in', user, error: null });
      })
      .catch((e: unknown) => {
        if (ctrl.signal.aborted) return;
        if (e instanceof ApiError && (e.status === 401 || e.status === 403)) {
          forget();
          setSession(OUT);
        } else {
          setSession({ status: 'error', user: null, error: e instanceof Error ? e.message : String(e) });
        }
      });
    return () => ctrl.abort();
  }, [check]);

  const login = useCallback(async (email: string, password: string, fallback: string) => {
    const user = await apiLogin(email, password, fallback);
    await attributeKeptReferral();
    setSession({ status: 'in', user, error: null });
    return user;
  }, []);

  const logout = useCallback(async () => {
    await apiLogout();
    setSession(OUT);
  }, []);

  const recheck = useCallback(() => {
    setSession(getToken() ? { status: 'checking', user: null, error: null } : OUT);
    setCheck((n) => n + 1);
  }, []);

  const value = useMemo(() => ({ ...session, login, logout, recheck }), [session, login, logout, recheck]);
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionApi {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession outside SessionProvider');
  return value;
}
