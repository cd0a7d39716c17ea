import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { SessionUser } from '../common/users';
import { attributeKeptReferral } from './referral';
import {
  ApiError, currentSession, forget, getToken, login as apiLogin, loginWithCode as apiLoginWithCode, logout as apiLogout, rememberUser, type LoggedIn,
} from './api';

export type Session =
  | { status: 'checking'; user: null; error: null }
  | { status: 'out'; user: null; error: null }
  /** `mustChangePassword`: an administrator reset the password; nothing else works until it is changed. */
  | { status: 'in'; user: SessionUser; error: null; mustChangePassword: boolean }
  /** A token is stored but the server could not be asked about it (network, 5xx). */
  | { status: 'error'; user: null; error: string };

type SessionApi = Session & {
  /** Throws TwoFactorNeeded for an account with 2FA: then loginWithCode. */
  login: (email: string, password: string, fallback: string) => Promise<SessionUser>;
  loginWithCode: (challenge: string, code: string, fallback: string) => Promise<SessionUser>;
  /** The password was changed: the session is no longer restricted. */
  passwordChanged: () => void;
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
    currentSession(ctrl.signal)
      .then(({ user, mustChangePassword }) => {
        rememberUser(user);
        setSession({ status: 'in', user, error: null, mustChangePassword });
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

  const enter = useCallback(async ({ user, mustChangePassword }: LoggedIn) => {
    if (!mustChangePassword) await attributeKeptReferral();
    setSession({ status: 'in', user, error: null, mustChangePassword });
    return user;
  }, []);
  const login = useCallback((email: string, password: string, fallback: string) => apiLogin(email, password, fallback).then(enter), [enter]);
  const loginWithCode = useCallback((challenge: string, code: string, fallback: string) => apiLoginWithCode(challenge, code, fallback).then(enter), [enter]);
  const passwordChanged = useCallback(() => {
    setSession((s) => (s.status === 'in' ? { ...s, mustChangePassword: false } : s));
  }, []);

  const logout = useCallback(async () => {
    await apiLogout();
    setSession(OUT);
  }, []);

  const recheck = useCallback(() => {
    setSession(getToken() ? { status: 'checking', user: null, error: null } : OUT);
    setCheck((n) => n + 1);
  }, []);

  const value = useMemo(() => ({ ...session, login, loginWithCode, passwordChanged, logout, recheck }), [session, login, loginWithCode, passwordChanged, logout, recheck]);
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionApi {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession outside SessionProvider');
  return value;
}
