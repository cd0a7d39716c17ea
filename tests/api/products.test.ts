import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildProduct, productInput } from './factories.js';
import { createTestApp, type TestApp } from './harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('products CRUD', () => {
  it('creates with defaults, reads back exact money', async () => {
    const res = await t.call('POST', '/api/products', {
      body: productInput({ priceFiat: '19.99', priceCrypto: 0.00000001, status: undefined, stock: undefined }),
    });
    expect(res.statusCode, res.body).toBe(201);
    const p = res.json().product;
    expect(p).toMatchObject({
      name: p.title,
      priceFiat: 19.99,
      priceCrypto: '0.00000001',
      status: 'draft',
      stock: 0,
      chainId: 31337,
      tokenType: 'ERC1155',
      contract: null,
    });
    const got = await t.call('GET', `/api/products/${p.id}`);
    expect(got.json().product).toEqual(p);
  });

  it('updates only the fields sent', async () => {
    const p = await buildProduct(t, { status: 'active', stock: 7 });
    const res = await t.call('PUT', `/api/products/${p.id}`, { body: { priceFiat: 0.1 } });
    expect(res.statusCode).toBe(200);
    expect(res.json().product).toMatchObject({ priceFiat: 0.1, status: 'active', stock: 7, title: p.title });
  });

  it('If-Match names the version read: a product changed since is refused with 412 and kept as it is', async () => {
    const p = await buildProduct(t, { stock: 7 });
    const read = (await t.call('GET', `/api/products/${p.id}`)).json().product;
    const put = (body: unknown, version?: string) =>
      t.call('PUT', `/api/products/${p.id}`, { body, headers: version ? { 'if-match': version } : {} });
    // The version read: saved, and the answer is the next version.
    const first = await put({ stock: 8 }, `"${read.updatedAt}"`);
    expect(first.statusCode, first.body).toBe(200);
    const next = first.json().product;
    expect(next.updatedAt).not.toBe(read.updatedAt);
    // A save still naming the first version is refused, with its sentence, and changes nothing.
    const stale = await put({ stock: 1, title: 'Overwritten?' }, `"${read.updatedAt}"`);
    expect(stale.statusCode, stale.body).toBe(412);
    expect(stale.json()).toMatchObject({ code: 'record_changed', messageCode: 'record_changed' });
    expect(stale.json().error).toMatch(/changed this record after you opened it/);
    expect((await t.call('GET', `/api/products/${p.id}`)).json().product).toMatchObject({
      stock: 8,
      title: p.title,
      updatedAt: next.updatedAt,
    });
    // A weak tag, one of several, or * match; no header: no check, as before.
    expect((await put({ stock: 9 }, `"x", W/"${next.updatedAt}"`)).statusCode).toBe(200);
    expect((await put({ stock: 10 }, '*')).statusCode).toBe(200);
    expect((await put({ stock: 11 })).statusCode).toBe(200);
    // An unknown product is still 404, with or without the header.
    const gone = await t.call('PUT', '/api/products/00000000-0000-4000-8000-000000000000', {
      body: { stock: 1 },
      headers: { 'if-match': `"${read.updatedAt}"` },
    });
    expect(gone.statusCode).toBe(404);
  });

  it('deletes an unused product', async () => {
    const p = await buildProduct(t);
    // The admin's transport sends a JSON content type with no body on DELETE.
    const res = await t.call('DELETE', `/api/products/${p.id}`, { headers: { 'content-type': 'application/json' } });
    expect(res.json()).toEqual({ ok: true });
    expect((await t.call('GET', `/api/products/${p.id}`)).statusCode).toBe(404);
  });

  it('404 for an unknown id, 400 for a malformed one', async () => {
    expect((await t.call('GET', '/api/products/00000000-0000-4000-8000-000000000000')).json()).toMatchObject({
      error: 'Product not found.',
    });
    expect(
      (await t.call('PUT', '/api/products/00000000-0000-4000-8000-000000000000', { body: { stock: 1 } })).statusCode,
    ).toBe(404);
    expect((await t.call('GET', '/api/products/42')).statusCode).toBe(400);
  });

  it('409 on a duplicate SKU, case-insensitively, on create and update', async () => {
    const a = await buildProduct(t, { sku: 'DUP-1' });
    const clash = await t.call('POST', '/api/products', { body: productInput({ sku: 'dup-1' }) });
    expect(clash.statusCode).toBe(409);
    expect(clash.json()).toMatchObject({
      error: 'A product with SKU "dup-1" already exists.',
      fields: { sku: expect.any(String) },
    });
    const b = await buildProduct(t);
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
    ['sku', { sku: undefined }],
    ['priceFiat', { priceFiat: undefined }],
    ['priceCrypto', { priceCrypto: undefined }],
    ['rwaType', { rwaType: undefined }],
    ['tokenType', { tokenType: 'ERC777' }],
    ['title', { title: 'x'.repeat(201) }],
    ['sku', { sku: 'X'.repeat(65) }],
    ['priceFiat', { priceFiat: null }],
    ['stock', { stock: null }],
    ['chainId', { chainId: 2 ** 31 }],
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

  it('a missing price, an over-long title or SKU get their own sentence, not a generic or wrong one', async () => {
    const sentence = async (overrides: Record<string, unknown>) =>
      (await t.call('POST', '/api/products', { body: productInput(overrides) })).json().error as string;
    expect(await sentence({ priceFiat: undefined })).toBe(
      'Invalid field "priceFiat": Fiat price must be a number ≥ 0 with at most 2 decimals.',
    );
    expect(await sentence({ priceCrypto: null })).toBe(
      'Invalid field "priceCrypto": Crypto price must be a number ≥ 0 with at most 8 decimals.',
    );
    expect(await sentence({ title: 'x'.repeat(201) })).toBe(
      'Invalid field "title": Title can be at most 200 characters.',
    );
    expect(await sentence({ sku: 'X'.repeat(65) })).toBe('Invalid field "sku": SKU can be at most 64 characters.');
  });

  it('accepts numbers sent as text (form input), and the running chain named as text', async () => {
    const res = await t.call('POST', '/api/products', { body: productInput({ stock: ' 12 ', chainId: '31337' }) });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().product).toMatchObject({ stock: 12, chainId: 31337 });
  });

  it('a tokenised product is on the running chain and its contract, however the address is cased', async () => {
    const res = await t.call('POST', '/api/products', {
      body: productInput({ contract: '0x5fbdb2315678afecb367f032d93f642f64180aa3', tokenId: '7' }),
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().product).toMatchObject({
      chainId: 31337,
      contract: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
      tokenId: '7',
    });
  });

  it('refuses another chain or contract with a sentence naming the real ones, and changes nothing', async () => {
    const p = await buildProduct(t);
    const chain = await t.call('PUT', `/api/products/${p.id}`, { body: { chainId: 11155111, stock: 99 } });
    expect([chain.statusCode, chain.json().error]).toEqual([
      400,
      'Invalid field "chainId": Tokens are minted on chain 31337: a product cannot name chain 11155111.',
    ]);
    const contract = await t.call('POST', '/api/products', {
      body: productInput({ contract: `0x${'12'.repeat(20)}` }),
    });
    expect([contract.statusCode, contract.json().fields]).toEqual([
      400,
      {
        contract:
          'Tokens are minted by the contract 0x5FbDB2315678afecb367f032d93F642f64180aa3: a product cannot name another contract.',
      },
    ]);
    expect((await t.call('GET', `/api/products/${p.id}`)).json().product).toMatchObject({
      stock: p.stock,
      chainId: 31337,
    });
  });
});

describe('products update validation', () => {
  const bad: [string, Record<string, unknown>][] = [
    ['title', { title: '' }],
    ['title', { title: '   ' }],
    ['title', { title: null }],
    ['sku', { sku: '' }],
    ['sku', { sku: 'has space' }],
    ['priceFiat', { priceFiat: -1 }],
    ['priceFiat', { priceFiat: '1.234' }],
    ['priceFiat', { priceFiat: 1.234 }],
    ['priceFiat', { priceFiat: null }],
    ['priceCrypto', { priceCrypto: '0.123456789' }],
    ['priceCrypto', { priceCrypto: 'abc' }],
    ['rwaType', { rwaType: 'stocks' }],
    ['rwaType', { rwaType: null }],
    ['status', { status: 'deleted' }],
    ['contract', { contract: '0x123' }],
    ['contract', { contract: 'not an address' }],
    ['stock', { stock: -1 }],
    ['stock', { stock: 1.5 }],
    ['stock', { stock: null }],
    ['stock', { stock: '' }],
    ['stock', { stock: true }],
    ['chainId', { chainId: 0 }],
    ['chainId', { chainId: 2 ** 31 }],
    ['tokenType', { tokenType: 'ERC777' }],
    ['tokenId', { tokenId: '1.5' }],
    // A valid change sent with an invalid one is not applied either.
    ['stock', { title: 'Renamed', priceFiat: 1, stock: -5 }],
  ];
  it.each(bad)('400 naming %s for %j, and the product is unchanged', async (field, patch) => {
    const p = await buildProduct(t, { status: 'active', stock: 7 });
    const res = await t.call('PUT', `/api/products/${p.id}`, { body: patch });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ ok: false, code: 'validation' });
    expect(res.json().fields).toHaveProperty(field);
    expect(res.json().error).toContain(`"${field}"`);
    expect((await t.call('GET', `/api/products/${p.id}`)).json().product).toEqual(p);
  });

  it('409 naming the SKU when it is taken (in any case), and the product is unchanged', async () => {
    const a = await buildProduct(t);
    const b = await buildProduct(t);
    const res = await t.call('PUT', `/api/products/${b.id}`, { body: { title: 'Renamed', sku: a.sku.toLowerCase() } });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'sku_taken', fields: { sku: expect.any(String) } });
    expect(res.json().error).toBe(`A product with SKU "${a.sku.toLowerCase()}" already exists.`);
    expect((await t.call('GET', `/api/products/${b.id}`)).json().product).toEqual(b);
  });

  it('same SKU sent at once: one create succeeds, the others get 409 (not 500)', async () => {
    const sku = `RACE-${Date.now()}`;
    const results = await Promise.all(
      [1, 2, 3, 4].map(() => t.call('POST', '/api/products', { body: productInput({ sku }) })),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409]);
    for (const r of results.filter((x) => x.statusCode === 409))
      expect(r.json()).toMatchObject({ code: 'sku_taken', fields: { sku: expect.any(String) } });
    expect((await t.call('GET', `/api/products?q=${sku}`)).json().total).toBe(1);
  });

  it('two products renamed to the same SKU at once: one succeeds, the other gets 409', async () => {
    const sku = `SWAP-${Date.now()}`;
    const [a, b] = [await buildProduct(t), await buildProduct(t)];
    const results = await Promise.all([a, b].map((p) => t.call('PUT', `/api/products/${p.id}`, { body: { sku } })));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect((await t.call('GET', `/api/products?q=${sku}`)).json().total).toBe(1);
  });
});

describe('products list', () => {
  it('filters by status, rwaType and q over title and SKU; sorts; pages; totals', async () => {
    const tag = `Z${Date.now()}`;
    await buildProduct(t, {
      title: `${tag} Tower`,
      sku: `${tag}-A`,
      rwaType: 'real_estate',
      status: 'active',
      priceFiat: 300,
    });
    await buildProduct(t, {
      title: `${tag} Painting`,
      sku: `${tag}-B`,
      rwaType: 'art',
      status: 'inactive',
      priceFiat: 100,
    });
    await buildProduct(t, { title: 'Other', sku: `${tag}-C`, rwaType: 'art', status: 'draft', priceFiat: 200 });
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
    await buildProduct(t, { status: 'inactive', priceFiat: '2.50', stock: 4 });
    const after = (await t.call('GET', '/api/products/stats')).json().stats;
    expect(after.total).toBe(before.total + 1);
    expect(after.inactive).toBe(before.inactive + 1);
    expect(Math.round((after.totalValue - before.totalValue) * 100)).toBe(1000);
  });

  it('stats still answer when price × stock passes the 64-bit integer range', async () => {
    const p = await buildProduct(t, { priceFiat: '9999999999999.99', stock: 2_000_000_000, status: 'draft' });
    try {
      const res = await t.call('GET', '/api/products/stats');
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().stats.totalValue).toBeGreaterThan(1.9e22);
    } finally {
      expect((await t.call('DELETE', `/api/products/${p.id}`)).statusCode).toBe(200);
    }
  });
});

describe('products permissions', () => {
  it('401 without a token', async () => {
    expect((await t.call('GET', '/api/products', { as: null })).statusCode).toBe(401);
    expect((await t.call('POST', '/api/products', { as: null, body: productInput() })).statusCode).toBe(401);
  });

  it('401 without a token on the single-product endpoints; nothing changes', async () => {
    const p = await buildProduct(t);
    for (const [method, body] of [
      ['GET', undefined],
      ['PUT', { stock: 99 }],
      ['DELETE', undefined],
    ] as const) {
      const res = await t.call(method, `/api/products/${p.id}`, { as: null, body });
      expect(res.statusCode, method).toBe(401);
    }
    expect((await t.call('GET', `/api/products/${p.id}`)).json().product).toEqual(p);
  });

  it('user cannot read, create, update or delete; nothing changes', async () => {
    const p = await buildProduct(t);
    const before = (await t.call('GET', '/api/products?limit=1')).json().total;
    for (const [method, url, body] of [
      ['GET', `/api/products/${p.id}`, undefined],
      ['GET', '/api/products/stats', undefined],
      ['POST', '/api/products', productInput()],
      ['PUT', `/api/products/${p.id}`, { stock: 99 }],
      ['DELETE', `/api/products/${p.id}`, undefined],
    ] as const) {
      const res = await t.call(method, url, { as: 'user', body });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().error).toBe('You do not have permission to do this.');
    }
    expect((await t.call('GET', `/api/products/${p.id}`)).json().product).toEqual(p);
    expect((await t.call('GET', '/api/products?limit=1')).json().total).toBe(before);
  });

  it('404 for an unknown id on update and delete (writers), and on read (finance)', async () => {
    const unknown = '/api/products/00000000-0000-4000-8000-000000000000';
    expect((await t.call('GET', unknown, { as: 'finance' })).json()).toMatchObject({
      code: 'not_found',
      error: 'Product not found.',
    });
    for (const as of ['admin', 'operator'] as const) {
      expect((await t.call('PUT', unknown, { as, body: { stock: 1 } })).json()).toMatchObject({
        code: 'not_found',
        error: 'Product not found.',
      });
      expect((await t.call('DELETE', unknown, { as })).json()).toMatchObject({
        code: 'not_found',
        error: 'Product not found.',
      });
    }
  });

  it('finance and operator read; finance cannot write; user cannot read', async () => {
    expect((await t.call('GET', '/api/products', { as: 'finance' })).statusCode).toBe(200);
    expect((await t.call('GET', '/api/products', { as: 'operator' })).statusCode).toBe(200);
    expect((await t.call('GET', '/api/products', { as: 'user' })).statusCode).toBe(403);
    const p = await buildProduct(t);
    for (const [method, url, body] of [
      ['POST', '/api/products', productInput()],
      ['PUT', `/api/products/${p.id}`, { stock: 1 }],
      ['DELETE', `/api/products/${p.id}`, undefined],
    ] as const) {
      const res = await t.call(method, url, { as: 'finance', body });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().error).toBe('You do not have permission to do this.');
    }
    expect((await t.call('PUT', `/api/products/${p.id}`, { as: 'operator', body: { stock: 3 } })).statusCode).toBe(200);
  });
});
