// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiGet, apiSend, isPublicPath, toQuery } from '../../src/lib/api';
import { MESSAGES } from '../../src/common/messages';

type FetchArgs = [string, RequestInit];

function respond(status: number, body: unknown) {
  const fetchMock = vi.fn(
    async (..._args: FetchArgs) => new Response(body === undefined ? '' : JSON.stringify(body), { status }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (e) {
    expect(e).toBeInstanceOf(ApiError);
    return e as ApiError;
  }
  throw new Error('expected the call to fail');
}

beforeEach(() => localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

describe('transport', () => {
  it('refuses an /api/ call without a token and sends nothing', async () => {
    const fetchMock = respond(200, { ok: true });
    const err = await failure(apiGet('/api/orders'));
    expect(err.message).toBe('Authentication required');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('lets the public paths through without a token', async () => {
    const fetchMock = respond(200, { ok: true, settings: {} });
    await apiGet('/api/settings/public');
    await apiGet('/api/health');
    await apiSend('POST', '/api/admin/auth/login', { email: 'a@b.c', password: 'x' });
    expect(fetchMock).toHaveBeenCalledTimes(3);
    const headers = fetchMock.mock.calls[0]![1].headers as Record<string, string>;
    expect(headers.Authorization).toBeUndefined();
    expect(isPublicPath('/api/settings/public?x=1')).toBe(true);
    expect(isPublicPath('/api/settings')).toBe(false);
  });

  it('sends JSON with the bearer token and returns the parsed body', async () => {
    localStorage.setItem('authToken', 'tok123');
    const fetchMock = respond(200, { ok: true, orders: [{ id: 1 }] });
    const body = await apiSend<{ orders: unknown[] }>('PUT', '/api/orders/1', { status: 'paid' });
    expect(body.orders).toHaveLength(1);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/orders/1');
    expect(init.method).toBe('PUT');
    expect(init.body).toBe(JSON.stringify({ status: 'paid' }));
    const headers = init.headers as Record<string, string>;
    expect(headers['Content-Type']).toBe('application/json');
    expect(headers.Authorization).toBe('Bearer tok123');
  });

  it('maps 429, 404 and 401 to the catalogue sentences; 401 forgets the token', async () => {
    localStorage.setItem('authToken', 'tok');
    respond(429, { error: 'slow down' });
    expect((await failure(apiGet('/api/orders'))).message).toBe(MESSAGES.tooMany);
    // The payments' own 429 keeps its sentence, which the Payments screen turns into its rate-limit notice.
    respond(429, {
      ok: false,
      error: 'Too many payment requests: wait a minute, then try again.',
      code: 'payment_rate_limited',
    });
    expect((await failure(apiGet('/api/payments'))).message).toBe(
      'Too many payment requests: wait a minute, then try again.',
    );
    respond(404, { error: 'Order 9 not found' });
    expect((await failure(apiGet('/api/orders/9'))).message).toBe('API endpoint not found. Please check the URL.');
    respond(401, { error: 'Your session has expired. Please log in again.' });
    const err = await failure(apiGet('/api/orders'));
    expect(err.message).toBe('Authentication required. Please log in.');
    expect(err.status).toBe(401);
    expect(localStorage.getItem('authToken')).toBeNull();
  });

  it('uses the error field, with code and fields, else "Request failed"', async () => {
    localStorage.setItem('authToken', 'tok');
    respond(400, {
      ok: false,
      error: 'Title is required.',
      code: 'validation',
      fields: { title: 'Title is required.' },
    });
    const err = await failure(apiSend('POST', '/api/products', {}));
    expect(err).toMatchObject({
      message: 'Title is required.',
      status: 400,
      code: 'validation',
      fields: { title: 'Title is required.' },
    });
    respond(500, undefined);
    expect((await failure(apiGet('/api/orders'))).message).toBe('Request failed');
    respond(409, { ok: false });
    expect((await failure(apiGet('/api/orders'))).message).toBe('Request failed');
  });

  it('builds query strings from defined values only', () => {
    expect(toQuery({ limit: 20, offset: 0, q: '', status: undefined, sort: 'createdAt' })).toBe(
      '?limit=20&offset=0&sort=createdAt',
    );
    expect(toQuery({})).toBe('');
  });
});
