import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { Restriction } from '../common/two-factor';
import type { SessionUser } from '../common/users';
import { attributeKeptReferral } from './referral';
import { failureKind, onApiFailure, RECOVER_MS } from '../lib/api-errors';
import {
  ApiError,
  confirmSignup as apiConfirmSignup,
  currentSession,
  forget,
  getToken,
  login as apiLogin,
  loginWithCode as apiLoginWithCode,
  logout as apiLogout,
  rememberUser,
  type LoggedIn,
} from './api';

export type Session =
  | { status: 'checking'; user: null; error: null }
  | { status: 'out'; user: null; error: null }
  /** `restriction`: an administrator reset the password, or the shop requires 2FA; nothing else works until it is done. */
  | { status: 'in'; user: SessionUser; error: null; restriction: Restriction | null }
  /** A token is stored but the server could not be asked about it (network, 5xx). */
  | { status: 'error'; user: null; error: string };

type SessionApi = Session & {
  /** Throws TwoFactorNeeded for an account with 2FA: then loginWithCode. */
  login: (email: string, password: string, fallback: string) => Promise<SessionUser>;
  loginWithCode: (challenge: string, code: string, fallback: string) => Promise<SessionUser>;
  /** Follows a sign-up's emailed link: the account is made and logged in. */
  confirmSignup: (token: string, fallback: string) => Promise<SessionUser>;
  /** The password was changed or 2FA turned on or off: what the session must do is asked again. */
  refresh: () => void;
  logout: () => Promise<void>;
  recheck: () => void;
};

const OUT: Session = { status: 'out', user: null, error: null };

const SessionContext = createContext<SessionApi | null>(null);

/** Who is logged in: the stored token checked once with GET /api/auth/me (a 401 forgets it). */
export function SessionProvider({ children }: { children: ReactNode }) {
  const [session, setSession] = useState<Session>(() =>
    getToken() ? { status: 'checking', user: null, error: null } : OUT,
  );
  const [check, setCheck] = useState(0);

  /** The stored token was refused: forgotten. Anything else (network, 5xx): said, with a retry. */
  const failed = useCallback((e: unknown) => {
    if (e instanceof ApiError && (e.status === 401 || e.status === 403)) {
      forget();
      setSession(OUT);
    } else {
      setSession({ status: 'error', user: null, error: e instanceof Error ? e.message : String(e) });
    }
  }, []);

  useEffect(() => {
    if (!getToken()) return;
    const ctrl = new AbortController();
    currentSession(ctrl.signal)
      .then(({ user, restriction }) => {
        rememberUser(user);
        setSession({ status: 'in', user, error: null, restriction });
      })
      .catch((e: unknown) => {
        if (!ctrl.signal.aborted) failed(e);
      });
    return () => ctrl.abort();
  }, [check, failed]);

  // A session the server could not be asked about is asked about again by itself, until it answers.
  const unanswered = session.status === 'error';
  useEffect(() => {
    if (!unanswered) return;
    const again = () => setCheck((n) => n + 1);
    const timer = setTimeout(again, RECOVER_MS);
    window.addEventListener('online', again);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('online', again);
    };
  }, [unanswered, check]);

  const enter = useCallback(async ({ user, restriction }: LoggedIn) => {
    // A restricted session may not be referred yet: the kept code waits for the next unrestricted one.
    if (!restriction) await attributeKeptReferral();
    setSession({ status: 'in', user, error: null, restriction });
    return user;
  }, []);
  const login = useCallback(
    (email: string, password: string, fallback: string) => apiLogin(email, password, fallback).then(enter),
    [enter],
  );
  const loginWithCode = useCallback(
    (challenge: string, code: string, fallback: string) => apiLoginWithCode(challenge, code, fallback).then(enter),
    [enter],
  );
  const confirmSignup = useCallback(
    (token: string, fallback: string) => apiConfirmSignup(token, fallback).then(enter),
    [enter],
  );
  const refresh = useCallback(() => {
    currentSession().then(enter, failed);
  }, [enter, failed]);

  const logout = useCallback(async () => {
    await apiLogout();
    setSession(OUT);
  }, []);

  // Any call that finds the session gone logs out here, so the Account page shows its login form in place, and the
  // signed-in page again after it; one that finds it restricted asks what to do first (the Account page shows it).
  useEffect(
    () =>
      onApiFailure((e) => {
        const kind = failureKind(e);
        if (kind === 'session') {
          forget();
          setSession(OUT);
        } else if (kind === 'two_factor_enrolment' || kind === 'password_change') {
          refresh();
        }
      }),
    [refresh],
  );

  const recheck = useCallback(() => {
    setSession(getToken() ? { status: 'checking', user: null, error: null } : OUT);
    setCheck((n) => n + 1);
  }, []);

  const value = useMemo(
    () => ({ ...session, login, loginWithCode, confirmSignup, refresh, logout, recheck }),
    [session, login, loginWithCode, confirmSignup, refresh, logout, recheck],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionApi {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession outside SessionProvider');
  return value;
}
