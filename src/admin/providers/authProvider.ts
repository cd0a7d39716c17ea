import type { AuthProvider } from 'react-admin';
import { ApiError, apiGet, clearToken, getToken, rawRequest, serverSentence, setToken } from '../../lib/api';
import { can } from '../../common/capabilities';
import { roleCanAccess } from '../../common/resources';
import type { Restriction } from '../../common/two-factor';
import { failureKind } from '../../lib/api-errors';
import type { SessionUser } from '../../common/users';

/** The logged-in user, and what their session must do before anything else (null: nothing). */
type AuthUser = SessionUser & { restriction?: Restriction | null };

/** Where a restricted session is sent: the only screens it may use. */
export const RESTRICTION_PATHS: Record<Restriction, string> = {
  password_change: '/change-password',
  two_factor_enrolment: '/two-factor',
};

/** Thrown by login() when the password was right and the account has 2FA: the login page asks for the code. */
export class TwoFactorRequired extends Error {
  constructor(
    readonly challenge: string,
    message: string,
  ) {
    super(message);
    this.name = 'TwoFactorRequired';
  }
}

export const USER_KEY = 'authUser';

/** The login screen's error sentences. */
export const LOGIN_MESSAGES = {
  failed: 'Login failed',
  missingToken: 'Login response missing token',
  retry: 'Login failed, please try again',
} as const;

interface LoginBody {
  ok?: boolean;
  error?: string;
  token?: string;
  accessToken?: string;
  user?: SessionUser;
  restriction?: Restriction | null;
  twoFactorRequired?: boolean;
  challenge?: string;
}

type LoginParams = { email: string; password: string } | { challenge: string; code: string };

export function storedUser(): AuthUser | null {
  try {
    const raw = localStorage.getItem(USER_KEY);
    return raw ? (JSON.parse(raw) as AuthUser) : null;
  } catch {
    return null;
  }
}

function forget() {
  clearToken();
  localStorage.removeItem(USER_KEY);
  me = null;
}

/** One /api/auth/me request per token, shared by getIdentity, getPermissions and canAccess. */
let me: { token: string; user: Promise<AuthUser> } | null = null;

function currentUser(): Promise<AuthUser> {
  const token = getToken();
  if (!token) return Promise.reject(new ApiError('Authentication required', 401));
  if (me?.token !== token) {
    const user = apiGet<{ user: SessionUser; restriction?: Restriction | null }>('/api/auth/me').then((r) => {
      const known: AuthUser = { ...r.user, restriction: r.restriction ?? null };
      localStorage.setItem(USER_KEY, JSON.stringify(known));
      return known;
    });
    user.catch(() => {
      if (me?.user === user) me = null;
    });
    me = { token, user };
  }
  return me.user;
}

/** Asks the server again who is logged in (after enrolling in 2FA or changing the password lifts a restriction). */
export function refreshIdentity(): Promise<AuthUser> {
  me = null;
  return currentUser();
}

/** The logged-in user's restriction, as last answered (null: none, or nobody logged in). */
export const currentRestriction = (): Promise<Restriction | null> =>
  getToken()
    ? currentUser().then(
        (u) => u.restriction ?? null,
        () => null,
      )
    : Promise.resolve(null);

export const authProvider: AuthProvider = {
  /** The password step ({email, password}), or the second step of a 2FA login ({challenge, code}). */
  async login(params: LoginParams) {
    let res;
    try {
      res =
        'challenge' in params
          ? await rawRequest('/api/admin/auth/login/2fa', {
              method: 'POST',
              body: { challenge: params.challenge, code: params.code },
            })
          : await rawRequest('/api/admin/auth/login', {
              method: 'POST',
              body: { email: params.email, password: params.password },
            });
    } catch {
      throw new Error(LOGIN_MESSAGES.retry);
    }
    const body = (res.body ?? {}) as LoginBody;
    if (res.ok && body.twoFactorRequired && body.challenge)
      throw new TwoFactorRequired(body.challenge, serverSentence(body) ?? '');
    if (!res.ok || body.ok === false) throw new Error(serverSentence(body) || LOGIN_MESSAGES.failed);
    const token = body.token ?? body.accessToken;
    if (!token) throw new Error(LOGIN_MESSAGES.missingToken);
    forget();
    setToken(token);
    if (body.user)
      localStorage.setItem(USER_KEY, JSON.stringify({ ...body.user, restriction: body.restriction ?? null }));
    if (body.restriction) return { redirectTo: RESTRICTION_PATHS[body.restriction] };
    return { redirectTo: body.user && !can(body.user.role, 'backoffice.read') ? '/referral-dashboard' : '/dashboard' };
  },

  async logout() {
    if (getToken()) {
      // The server revokes the session; the browser forgets it even if that call fails.
      await rawRequest('/api/admin/auth/logout', { method: 'POST', body: {} }).catch(() => undefined);
    }
    forget();
    return '/login';
  },

  async checkAuth() {
    if (!getToken()) throw { redirectTo: '/login', message: false };
  },

  /**
   * Every API failure of the admin comes here: the data provider's through react-admin, the screens' own calls
   * through ApiFailureRedirects. Logging out remembers the page, and the login page returns there.
   */
  async checkError(error: unknown) {
    const kind = failureKind(error);
    if (kind === 'session') {
      forget();
      throw { redirectTo: '/login' };
    }
    // The session must first change its password or enrol in 2FA: go there, still logged in.
    if (kind === 'password_change' || kind === 'two_factor_enrolment') {
      me = null;
      throw { redirectTo: RESTRICTION_PATHS[kind], logoutUser: false, message: false };
    }
    // Any other 403 keeps the session: the screen itself says the action is not allowed.
  },

  async getIdentity() {
    const user = await currentUser();
    return { id: user.id, fullName: user.name || user.email, role: user.role, email: user.email };
  },

  async getPermissions() {
    if (!getToken()) return undefined;
    return (await currentUser()).role;
  },

  /** The capability each (resource, action) needs comes from the resource table (src/common/resources.ts). */
  async canAccess({ resource, action }) {
    if (!getToken()) return false;
    const user = await currentUser().catch(() => storedUser());
    return roleCanAccess(user?.role, resource, action);
  },
};

export default authProvider;
