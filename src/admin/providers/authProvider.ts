import type { AuthProvider } from 'react-admin';
import { ApiError, apiGet, clearToken, getToken, rawRequest, setToken } from '../../lib/api';
import { can } from '../../common/capabilities';
import { roleCanAccess } from '../../common/resources';
import type { SessionUser as AuthUser } from '../../common/users';

export const USER_KEY = 'authUser';

/** The login screen's error sentences (SPEC §8 Screens). */
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
  user?: AuthUser;
}

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
    const user = apiGet<{ user: AuthUser }>('/api/auth/me').then((r) => {
      localStorage.setItem(USER_KEY, JSON.stringify(r.user));
      return r.user;
    });
    user.catch(() => {
      if (me?.user === user) me = null;
    });
    me = { token, user };
  }
  return me.user;
}

export const authProvider: AuthProvider = {
  async login({ email, password }: { email: string; password: string }) {
    let res;
    try {
      res = await rawRequest('/api/admin/auth/login', { method: 'POST', body: { email, password } });
    } catch {
      throw new Error(LOGIN_MESSAGES.retry);
    }
    const body = (res.body ?? {}) as LoginBody;
    if (!res.ok || body.ok === false) throw new Error(body.error || LOGIN_MESSAGES.failed);
    const token = body.token ?? body.accessToken;
    if (!token) throw new Error(LOGIN_MESSAGES.missingToken);
    forget();
    setToken(token);
    if (body.user) localStorage.setItem(USER_KEY, JSON.stringify(body.user));
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

  async checkError(error: { status?: number }) {
    if (error?.status === 401) {
      forget();
      throw { redirectTo: '/login' };
    }
    // 403 keeps the session: the screen itself says the action is not allowed.
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
