// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dataProvider, exportPathOf } from '../../src/admin/providers/dataProvider';

function respond(status: number, body: unknown) {
  const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => new Response(JSON.stringify(body), { status }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem('authToken', 't');
});
afterEach(() => vi.unstubAllGlobals());

describe('dataProvider', () => {
  it('getList sends limit/offset/sort/order/q and filters, and reads the resource key and total', async () => {
    const fetchMock = respond(200, { ok: true, orders: [{ id: 'o1' }], total: 12345, totalIsEstimate: true });
    const result = await dataProvider.getList('orders', {
      pagination: { page: 3, perPage: 20 },
      sort: { field: 'amountFiat', order: 'DESC' },
      filter: { q: 'abc', status: 'paid' },
    });
    const url = new URL(fetchMock.mock.calls[0]![0], 'http://x');
    expect(url.pathname).toBe('/api/orders');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      q: 'abc',
      status: 'paid',
      limit: '20',
      offset: '40',
      sort: 'amountFiat',
      order: 'desc',
    });
    expect(result).toMatchObject({ data: [{ id: 'o1' }], total: 12345, meta: { totalIsEstimate: true } });
  });

  it('reads mint jobs from "jobs" and single records from the singular key', async () => {
    const counts = { queued: 1, processing: 0, succeeded: 2, failed: 0 };
    const worker = { active: true, heartbeatAt: null, startedAt: null, chainId: 31337, minter: null, error: null };
    const fetchList = respond(200, {
      ok: true,
      jobs: [],
      total: 0,
      totalIsEstimate: false,
      counts,
      worker,
      serverTime: '2025-01-01T00:00:00.000Z',
    });
    const list = await dataProvider.getList('mint-queue', {
      pagination: { page: 1, perPage: 10 },
      sort: { field: 'createdAt', order: 'ASC' },
      filter: {},
    });
    expect(list).toMatchObject({ data: [], total: 0 });
    // the 'mint-queue' resource's API lives at /api/mint-jobs (RESOURCES in src/common/resources.ts)
    expect(new URL(fetchList.mock.calls[0]![0], 'http://x').pathname).toBe('/api/mint-jobs');
    // the rest of the answer (the mint queue's counts and worker) reaches the screen as the list's meta
    expect(list.meta).toEqual({ counts, worker, serverTime: '2025-01-01T00:00:00.000Z', totalIsEstimate: false });
    const fetchMock = respond(200, { ok: true, product: { id: 'p1', title: 'Gold bar' } });
    await expect(dataProvider.getOne('products', { id: 'p1' })).resolves.toEqual({
      data: { id: 'p1', title: 'Gold bar' },
    });
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/products/p1');
  });

  it('a view of a shared API sends its fixed parameters with the list and its CSV; a list without a CSV has no export path', async () => {
    const fetchMock = respond(200, { ok: true, notifications: [], total: 0, unread: 3 });
    const list = await dataProvider.getList('notifications-all', {
      pagination: { page: 2, perPage: 25 },
      sort: { field: 'createdAt', order: 'DESC' },
      filter: { read: 'false' },
    });
    const url = new URL(fetchMock.mock.calls[0]![0], 'http://x');
    expect(url.pathname).toBe('/api/notifications');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      scope: 'all',
      read: 'false',
      limit: '25',
      offset: '25',
      sort: 'createdAt',
      order: 'desc',
    });
    expect(list.meta).toMatchObject({ unread: 3 });
    expect(exportPathOf('notification-bulks')).toBe('/api/notifications/bulk/export.csv');
    expect(exportPathOf('membership-points')).toBeUndefined();
  });

  it('refuses a resource without an API before calling the server', async () => {
    const fetchMock = respond(200, { ok: true });
    await expect(
      dataProvider.getList('settings', {
        pagination: { page: 1, perPage: 10 },
        sort: { field: 'id', order: 'ASC' },
        filter: {},
      }),
    ).rejects.toMatchObject({ name: 'HttpError', status: 400, message: 'Unknown resource "settings"' });
    await expect(dataProvider.getOne('nowhere', { id: 'x' })).rejects.toMatchObject({ name: 'HttpError', status: 400 });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('create, update and delete use POST, PUT and DELETE', async () => {
    const fetchMock = respond(200, { ok: true, product: { id: 'p2' } });
    await dataProvider.create('products', { data: { title: 'x' } });
    await dataProvider.update('products', { id: 'p2', data: { title: 'y' }, previousData: { id: 'p2' } });
    await dataProvider.delete('products', { id: 'p2', previousData: { id: 'p2' } });
    expect(fetchMock.mock.calls.map(([url, init]) => `${init?.method} ${url}`)).toEqual([
      'POST /api/products',
      'PUT /api/products/p2',
      'DELETE /api/products/p2',
    ]);
  });

  it('update names the version the form opened (its updatedAt) as If-Match, and nothing without one', async () => {
    const fetchMock = respond(200, { ok: true, product: { id: 'p2' } });
    const at = '2026-01-02T03:04:05.678Z';
    await dataProvider.update('products', {
      id: 'p2',
      data: { title: 'y', updatedAt: at },
      previousData: { id: 'p2' },
    });
    await dataProvider.update('products', { id: 'p2', data: { title: 'z' }, previousData: { id: 'p2' } });
    const sent = fetchMock.mock.calls.map(([, init]) => (init?.headers as Record<string, string>)['If-Match']);
    expect(sent).toEqual([`"${at}"`, undefined]);
  });

  it('throws HttpError with field errors in body.errors', async () => {
    respond(400, {
      ok: false,
      error: 'SKU already exists.',
      code: 'validation',
      fields: { sku: 'SKU already exists.' },
    });
    await expect(dataProvider.create('products', { data: {} })).rejects.toMatchObject({
      name: 'HttpError',
      message: 'SKU already exists.',
      status: 400,
      body: { errors: { sku: 'SKU already exists.' }, code: 'validation' },
    });
  });
});
