// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authProvider, TwoFactorRequired } from '../../src/admin/providers/authProvider';
import { capabilityFor, roleCanAccess } from '../../src/common/resources';

function respond(status: number, body: unknown) {
  const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => new Response(JSON.stringify(body), { status }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const user = { id: 'u1', email: 'admin@rwa.dev', name: 'Ada Admin', role: 'admin' };

beforeEach(() => localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

describe('login', () => {
  it('stores the token and the user, and sends staff to the dashboard', async () => {
    const fetchMock = respond(200, { ok: true, token: 't1', user });
    await expect(authProvider.login({ email: 'admin@rwa.dev', password: 'pw' })).resolves.toEqual({
      redirectTo: '/dashboard',
    });
    expect(localStorage.getItem('authToken')).toBe('t1');
    expect(JSON.parse(localStorage.getItem('authUser')!)).toEqual({ ...user, restriction: null });
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/admin/auth/login');
  });

  it('an account with 2FA: the password step throws the challenge and stores nothing; the code step stores the token', async () => {
    respond(200, { ok: false, twoFactorRequired: true, challenge: 'c1', error: 'Enter the code.' });
    const step = await authProvider.login({ email: 'admin@rwa.dev', password: 'pw' }).catch((e: unknown) => e);
    expect(step).toBeInstanceOf(TwoFactorRequired);
    expect((step as TwoFactorRequired).challenge).toBe('c1');
    expect(localStorage.getItem('authToken')).toBeNull();
    const fetchMock = respond(200, { ok: true, token: 't2', user, restriction: null });
    await expect(authProvider.login({ challenge: 'c1', code: '123456' })).resolves.toEqual({
      redirectTo: '/dashboard',
    });
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/admin/auth/login/2fa');
    expect(localStorage.getItem('authToken')).toBe('t2');
  });

  it("a restricted session goes to its screen: at login, and on the server's 403 code without logging out", async () => {
    respond(200, { ok: true, token: 't3', user, restriction: 'two_factor_enrolment' });
    await expect(authProvider.login({ email: 'admin@rwa.dev', password: 'pw' })).resolves.toEqual({
      redirectTo: '/two-factor',
    });
    await expect(authProvider.checkError({ status: 403, code: 'password_change_required' })).rejects.toMatchObject({
      redirectTo: '/change-password',
      logoutUser: false,
    });
    expect(localStorage.getItem('authToken')).toBe('t3');
  });

  it('shows the server sentence, else "Login failed"', async () => {
    respond(401, { ok: false, error: 'Invalid email or password.' });
    await expect(authProvider.login({ email: 'a@b.c', password: 'x' })).rejects.toThrow('Invalid email or password.');
    respond(200, { ok: false });
    await expect(authProvider.login({ email: 'a@b.c', password: 'x' })).rejects.toThrow('Login failed');
    expect(localStorage.getItem('authToken')).toBeNull();
  });

  it('rejects a response without a token, and network failures', async () => {
    respond(200, { ok: true });
    await expect(authProvider.login({ email: 'a@b.c', password: 'x' })).rejects.toThrow('Login response missing token');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(authProvider.login({ email: 'a@b.c', password: 'x' })).rejects.toThrow(
      'Login failed, please try again',
    );
  });
});

describe('session', () => {
  it('checkAuth needs a stored token', async () => {
    await expect(authProvider.checkAuth({})).rejects.toMatchObject({ redirectTo: '/login' });
    localStorage.setItem('authToken', 't');
    await expect(authProvider.checkAuth({})).resolves.toBeUndefined();
  });

  it('checkError: 401 logs out, 403 keeps the session', async () => {
    localStorage.setItem('authToken', 't');
    await expect(authProvider.checkError({ status: 403 })).resolves.toBeUndefined();
    expect(localStorage.getItem('authToken')).toBe('t');
    await expect(authProvider.checkError({ status: 401 })).rejects.toBeDefined();
    expect(localStorage.getItem('authToken')).toBeNull();
  });

  it('identity and permissions come from /api/auth/me', async () => {
    localStorage.setItem('authToken', 'me-token');
    const fetchMock = respond(200, { ok: true, user: { ...user, role: 'finance' } });
    await expect(authProvider.getIdentity!()).resolves.toMatchObject({
      id: 'u1',
      fullName: 'Ada Admin',
      role: 'finance',
    });
    await expect(authProvider.getPermissions!({})).resolves.toBe('finance');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/auth/me');
  });

  it('logout revokes the session and forgets it', async () => {
    localStorage.setItem('authToken', 't');
    localStorage.setItem('authUser', '{}');
    const fetchMock = respond(200, { ok: true });
    await authProvider.logout({});
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/admin/auth/logout');
    expect(localStorage.getItem('authToken')).toBeNull();
    expect(localStorage.getItem('authUser')).toBeNull();
  });
});

describe('canAccess', () => {
  it('maps resources and actions onto the capability table', () => {
    expect(capabilityFor('products', 'list')).toBe('backoffice.read');
    expect(capabilityFor('products', 'edit')).toBe('catalog.write');
    expect(capabilityFor('coupons', 'delete')).toBe('catalog.write');
    expect(capabilityFor('orders', 'create')).toBe('orders.create');
    expect(capabilityFor('settings', 'list')).toBe('settings.manage');
    expect(capabilityFor('membership', 'list')).toBe('self');
  });

  it('lets a shopper see only its own pages', () => {
    expect(roleCanAccess('user', 'referral-dashboard', 'list')).toBe(true);
    expect(roleCanAccess('user', 'membership', 'list')).toBe(true);
    expect(roleCanAccess('user', 'dashboard', 'list')).toBe(false);
    expect(roleCanAccess('user', 'orders', 'list')).toBe(false);
    expect(roleCanAccess('finance', 'products', 'list')).toBe(true);
    expect(roleCanAccess('finance', 'products', 'create')).toBe(false);
    expect(roleCanAccess('operator', 'settings', 'list')).toBe(false);
    expect(roleCanAccess('admin', 'settings', 'list')).toBe(true);
  });
});
