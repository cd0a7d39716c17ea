// @vitest-environment jsdom
import { QueryObserver } from '@tanstack/react-query';
import { HttpError } from 'react-admin';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiGet, apiSend, setErrorTranslator } from '../../src/lib/api';
import { LOAD_RETRIES, RECOVER_MS, failureKind, onApiFailure, recoverable, retryLoad } from '../../src/lib/api-errors';
import { ERROR_MESSAGES_ZH } from '../../src/common/errors-catalogue.zh';
import { authProvider } from '../../src/admin/providers/authProvider';
import { dataProvider } from '../../src/admin/providers/dataProvider';
import { createQueryClient } from '../../src/admin/providers/queryClient';

const serverDown = () =>
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
  );
const respond = (status: number, body: unknown) =>
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify(body), { status })),
  );

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem('authToken', 'tok');
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  setErrorTranslator(() => undefined);
});

describe('failureKind', () => {
  it('tells a missing server, a lost session, a restricted one and a refusal apart, from ApiError and HttpError alike', () => {
    expect(failureKind(new ApiError('x', 0, { code: 'network' }))).toBe('network');
    expect(failureKind(new HttpError('x', 0, {}))).toBe('network');
    expect(failureKind(new ApiError('x', 401, { code: 'no_token' }))).toBe('session');
    expect(failureKind(new HttpError('x', 401, { code: 'unauthorized' }))).toBe('session');
    expect(failureKind(new ApiError('x', 403, { code: 'two_factor_enrolment_required' }))).toBe('two_factor_enrolment');
    // The data provider's HttpError carries the server's code in its body.
    expect(failureKind(new HttpError('x', 403, { code: 'two_factor_enrolment_required' }))).toBe(
      'two_factor_enrolment',
    );
    expect(failureKind(new HttpError('x', 403, { code: 'password_change_required' }))).toBe('password_change');
    expect(failureKind(new ApiError('x', 403, { code: 'forbidden' }))).toBe('refused');
    expect(failureKind(new ApiError('x', 503, { code: 'service_unavailable' }))).toBe('unavailable');
    expect(failureKind(new ApiError('x', 500))).toBe('refused');
    expect(failureKind(new ApiError('x', 404))).toBe('refused');
    expect(failureKind(new DOMException('aborted', 'AbortError'))).toBeNull();
    expect(failureKind(new TypeError('x is undefined'))).toBeNull();
    expect(failureKind(null)).toBeNull();
  });

  it('asks again only what the server may answer next time, a few times at once', () => {
    const down = new ApiError('x', 0, { code: 'network' });
    expect(recoverable(down)).toBe(true);
    expect(recoverable(new ApiError('x', 502))).toBe(true);
    expect(recoverable(new ApiError('x', 401))).toBe(false);
    expect(recoverable(new ApiError('x', 422))).toBe(false);
    expect(retryLoad(0, down)).toBe(true);
    expect(retryLoad(LOAD_RETRIES, down)).toBe(false);
    expect(retryLoad(0, new ApiError('x', 400))).toBe(false);
  });
});

describe('the transport without a server', () => {
  it('says so in a sentence, a load that it will retry, a write to try again; never "Failed to fetch"', async () => {
    serverDown();
    const load = await apiGet('/api/orders').catch((e: unknown) => e);
    expect(load).toMatchObject({ status: 0, code: 'network', message: 'The server cannot be reached; we will retry.' });
    const write = await apiSend('PUT', '/api/products/1', { name: 'x' }).catch((e: unknown) => e);
    expect(write).toMatchObject({
      status: 0,
      code: 'network',
      message: 'The server could not be reached. Check the connection and try again.',
    });
    // The token stays: nothing said the session is over.
    expect(localStorage.getItem('authToken')).toBe('tok');
  });

  it('speaks the reader’s language', async () => {
    setErrorTranslator((code) => ERROR_MESSAGES_ZH[code as keyof typeof ERROR_MESSAGES_ZH]);
    serverDown();
    await expect(apiGet('/api/orders')).rejects.toThrow(ERROR_MESSAGES_ZH.network_retrying);
    await expect(apiSend('POST', '/api/orders', {})).rejects.toThrow(ERROR_MESSAGES_ZH.network);
  });

  it('the data provider hands the sentence to react-admin as an HttpError a list shows', async () => {
    serverDown();
    await expect(dataProvider.getList('orders', {})).rejects.toMatchObject({
      name: 'HttpError',
      status: 0,
      message: 'The server cannot be reached; we will retry.',
    });
  });
});

describe('failure listeners', () => {
  it('hear every failure of the direct calls, but not the data provider’s (react-admin hands those to checkError)', async () => {
    const heard: unknown[] = [];
    const stop = onApiFailure((e) => heard.push(e));
    try {
      respond(403, { ok: false, error: 'Enrol first.', code: 'two_factor_enrolment_required' });
      await apiGet('/api/settings').catch(() => undefined);
      await dataProvider.getList('orders', {}).catch(() => undefined);
      expect(heard.map(failureKind)).toEqual(['two_factor_enrolment']);
      respond(401, { ok: false, error: 'Session expired.' });
      await apiSend('PUT', '/api/settings', {}).catch(() => undefined);
      expect(heard.map(failureKind)).toEqual(['two_factor_enrolment', 'session']);
      expect(localStorage.getItem('authToken')).toBeNull();
      // The token is gone: the next call is refused before it is sent, and heard as a lost session too.
      await apiGet('/api/settings').catch(() => undefined);
      expect(heard.map(failureKind)).toEqual(['two_factor_enrolment', 'session', 'session']);
    } finally {
      stop();
    }
    await apiGet('/api/settings').catch(() => undefined);
    expect(heard).toHaveLength(3);
  });
});

describe('authProvider.checkError', () => {
  it('sends a lost session to the login, a restricted one (also from the data provider) to its screen, and keeps it on other refusals', async () => {
    await expect(authProvider.checkError(new HttpError('x', 401, {}))).rejects.toMatchObject({ redirectTo: '/login' });
    expect(localStorage.getItem('authToken')).toBeNull();
    localStorage.setItem('authToken', 'tok');
    await expect(
      authProvider.checkError(new HttpError('x', 403, { code: 'two_factor_enrolment_required' })),
    ).rejects.toMatchObject({ redirectTo: '/two-factor', logoutUser: false });
    await expect(
      authProvider.checkError(new ApiError('x', 403, { code: 'two_factor_enrolment_required' })),
    ).rejects.toMatchObject({ redirectTo: '/two-factor', logoutUser: false });
    await expect(authProvider.checkError(new ApiError('x', 403, { code: 'forbidden' }))).resolves.toBeUndefined();
    await expect(authProvider.checkError(new ApiError('x', 0, { code: 'network' }))).resolves.toBeUndefined();
    expect(localStorage.getItem('authToken')).toBe('tok');
  });
});

describe("the admin's QueryClient", () => {
  it('retries a load for want of the server, then asks again by itself until it answers; a refusal is final', async () => {
    vi.useFakeTimers();
    const client = createQueryClient();
    let up = false;
    const queryFn = vi.fn(async () => {
      if (!up) throw new ApiError('down', 0, { code: 'network' });
      return 'rows';
    });
    const observer = new QueryObserver(client, { queryKey: ['orders'], queryFn });
    const stop = observer.subscribe(() => undefined);
    try {
      await vi.advanceTimersByTimeAsync(3_100);
      expect(queryFn).toHaveBeenCalledTimes(1 + LOAD_RETRIES);
      expect(observer.getCurrentResult().status).toBe('error');
      await vi.advanceTimersByTimeAsync(RECOVER_MS);
      expect(queryFn).toHaveBeenCalledTimes(2 + LOAD_RETRIES);
      up = true;
      await vi.advanceTimersByTimeAsync(RECOVER_MS * 2);
      expect(observer.getCurrentResult()).toMatchObject({ status: 'success', data: 'rows' });
      const calls = queryFn.mock.calls.length;
      await vi.advanceTimersByTimeAsync(RECOVER_MS * 3);
      expect(queryFn).toHaveBeenCalledTimes(calls);
    } finally {
      stop();
    }

    const refused = vi.fn(async () => Promise.reject(new ApiError('no', 403, { code: 'forbidden' })));
    const other = new QueryObserver(client, { queryKey: ['settings'], queryFn: refused });
    const stopOther = other.subscribe(() => undefined);
    try {
      await vi.advanceTimersByTimeAsync(RECOVER_MS * 3);
      expect(refused).toHaveBeenCalledTimes(1);
      expect(other.getCurrentResult().status).toBe('error');
    } finally {
      stopOther();
    }
  });
});
