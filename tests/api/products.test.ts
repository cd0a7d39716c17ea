import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, productInput, type TestApp } from './harness.js';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

const create = async (overrides: Record<string, unknown> = {}) => {
  const res = await t.call('POST', '/api/products', { body: productInput(overrides) });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().product;
};

describe('products CRUD', () => {
  it('creates with defaults, reads back exact money', async () => {
    const p = await create({ priceFiat: '19.99', priceCrypto: 0.00000001, status: undefined, stock: undefined });
    expect(p).toMatchObject({ name: p.title, priceFiat: 19.99, priceCrypto: '0.00000001', status: 'draft', stock: 0, chainId: 11155111, tokenType: 'ERC1155', contract: null });
    const got = await t.call('GET', `/api/products/${p.id}`);
    expect(got.json().product).toEqual(p);
  });

  it('updates only the fields sent', async () => {
    const p = await create({ status: 'active', stock: 7 });
    const res = await t.call('PUT', `/api/products/${p.id}`, { body: { priceFiat: 0.1 } });
    expect(res.statusCode).toBe(200);
    expect(res.json().product).toMatchObject({ priceFiat: 0.1, status: 'active', stock: 7, title: p.title });
  });

  it('deletes an unused product', async () => {
    const p = await create();
    // The admin's transport sends a JSON content type with no body on DELETE.
    const res = await t.app.inject({ method: 'DELETE', url: `/api/products/${p.id}`, headers: { authorization: `Bearer ${await t.tokenFor('admin')}`, 'content-type': 'application/json' } });
    expect(res.json()).toEqual({ ok: true });
    expect((await t.call('GET', `/api/products/${p.id}`)).statusCode).toBe(404);
  });

  it('404 for an unknown id, 400 for a malformed one', async () => {
    expect((await t.call('GET', '/api/products/00000000-0000-4000-8000-000000000000')).json()).toMatchObject({ error: 'Product not found.' });
    expect((await t.call('PUT', '/api/products/00000000-0000-4000-8000-000000000000', { body: { stock: 1 } })).statusCode).toBe(404);
    expect((await t.call('GET', '/api/products/42')).statusCode).toBe(400);
  });

  it('409 on a duplicate SKU, case-insensitively, on create and update', async () => {
    const a = await create({ sku: 'DUP-1' });
    const clash = await t.call('POST', '/api/products', { body: productInput({ sku: 'dup-1' }) });
    expect(clash.statusCode).toBe(409);
    expect(clash.json()).toMatchObject({ error: 'A product with SKU "dup-1" already exists.', fields: { sku: expect.any(String) } });
    const b = await create();
    expect((await t.call('PUT', `/api/products/${b.id}`, { body: { sku: 'DUP-1' } })).statusCode).toBe(409);
    expect((await t.call('PUT', `/api/products/${a.id}`, { body: { sku: 'DUP-1' } })).statusCode).toBe(200);
  });
});

describe('products validation', () => {
  const bad: [string, Record<string, unknown>][] = [
    ['title', { title: '' }],
    ['title', { title: undefined }],
    ['sku', { sku: '' }],
    ['sku', { sku: 'has space' }],
    ['priceFiat', { priceFiat: -1 }],
    ['priceFiat', { priceFiat: '1.234' }],
    ['priceFiat', { priceFiat: 'abc' }],
    ['priceCrypto', { priceCrypto: '0.123456789' }],
    ['priceCrypto', { priceCrypto: -0.5 }],
    ['rwaType', { rwaType: 'stocks' }],
    ['status', { status: 'deleted' }],
    ['contract', { contract: '0x123' }],
    ['stock', { stock: -1 }],
    ['stock', { stock: 1.5 }],
    ['chainId', { chainId: 0 }],
    ['tokenId', { tokenId: '-3' }],
  ];
  it.each(bad)('400 naming %s for %j, and nothing is written', async (field, overrides) => {
    const before = (await t.call('GET', '/api/products?limit=1')).json().total;
    const res = await t.call('POST', '/api/products', { body: productInput(overrides) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ ok: false, code: 'validation' });
    expect(res.json().fields).toHaveProperty(field);
    expect(res.json().error).toContain(field);
    expect((await t.call('GET', '/api/products?limit=1')).json().total).toBe(before);
  });

  it('accepts a valid contract address and token id', async () => {
    const p = await create({ contract: '0x5FbDB2315678afecb367f032d93F642f64180aa3', tokenId: '7' });
    expect(p).toMatchObject({ contract: '0x5FbDB2315678afecb367f032d93F642f64180aa3', tokenId: '7' });
  });
});

describe('products list', () => {
  it('filters by status, rwaType and q over title and SKU; sorts; pages; totals', async () => {
    const tag = `Z${Date.now()}`;
    await create({ title: `${tag} Tower`, sku: `${tag}-A`, rwaType: 'real_estate', status: 'active', priceFiat: 300 });
    await create({ title: `${tag} Painting`, sku: `${tag}-B`, rwaType: 'art', status: 'inactive', priceFiat: 100 });
    await create({ title: 'Other', sku: `${tag}-C`, rwaType: 'art', status: 'draft', priceFiat: 200 });
    const q = (s: string) => t.call('GET', `/api/products?${s}`).then((r) => r.json());
    expect((await q(`q=${tag}`)).total).toBe(3);
    expect((await q(`q=${tag.toLowerCase()}-b`)).products.map((p: { sku: string }) => p.sku)).toEqual([`${tag}-B`]);
    expect((await q(`q=${tag}&rwaType=art`)).total).toBe(2);
    expect((await q(`q=${tag}&status=active`)).products[0].title).toBe(`${tag} Tower`);
    const sorted = await q(`q=${tag}&sort=priceFiat&order=asc`);
    expect(sorted.products.map((p: { priceFiat: number }) => p.priceFiat)).toEqual([100, 200, 300]);
    const page = await q(`q=${tag}&sort=priceFiat&order=asc&limit=1&offset=1`);
    expect(page).toMatchObject({ total: 3, totalIsEstimate: false });
    expect(page.products.map((p: { priceFiat: number }) => p.priceFiat)).toEqual([200]);
  });

  it('400 on bad list parameters', async () => {
    for (const s of ['limit=0', 'limit=201', 'offset=-1', 'status=gone', 'sort=password', 'order=sideways']) {
      const res = await t.call('GET', `/api/products?${s}`);
      expect(res.statusCode, s).toBe(400);
      expect(res.json().error).toMatch(/query parameter/);
    }
  });

  it('stats count by status and total inventory value', async () => {
    const before = (await t.call('GET', '/api/products/stats')).json().stats;
    await create({ status: 'inactive', priceFiat: '2.50', stock: 4 });
    const after = (await t.call('GET', '/api/products/stats')).json().stats;
    expect(after.total).toBe(before.total + 1);
    expect(after.inactive).toBe(before.inactive + 1);
    expect(Math.round((after.totalValue - before.totalValue) * 100)).toBe(1000);
  });
});

describe('products permissions', () => {
  it('401 without a token', async () => {
    expect((await t.call('GET', '/api/products', { as: null })).statusCode).toBe(401);
    expect((await t.call('POST', '/api/products', { as: null, body: productInput() })).statusCode).toBe(401);
  });

  it('finance and operator read; finance cannot write; user cannot read', async () => {
    expect((await t.call('GET', '/api/products', { as: 'finance' })).statusCode).toBe(200);
    expect((await t.call('GET', '/api/products', { as: 'operator' })).statusCode).toBe(200);
    expect((await t.call('GET', '/api/products', { as: 'user' })).statusCode).toBe(403);
    const p = await create();
    for (const [method, url, body] of [['POST', '/api/products', productInput()], ['PUT', `/api/products/${p.id}`, { stock: 1 }], ['DELETE', `/api/products/${p.id}`, undefined]] as const) {
      const res = await t.call(method, url, { as: 'finance', body });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().error).toBe('You do not have permission to do this.');
    }
    expect((await t.call('PUT', `/api/products/${p.id}`, { as: 'operator', body: { stock: 3 } })).statusCode).toBe(200);
  });
});
