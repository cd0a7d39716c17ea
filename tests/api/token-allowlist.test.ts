/**
 * Transfers only to verified holders (issue 42): a product says whether its token goes only to wallets on the
 * contract's verified-holder allowlist ("Requires verified holders", on by default for bonds and real estate).
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../../server/db/schema.js';
import { productInput } from './factories.js';
import { createTestApp, type TestApp } from './harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const create = async (overrides: Record<string, unknown>) => {
  const res = await t.call('POST', '/api/products', { body: productInput(overrides) });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().product;
};

describe('a product’s "Requires verified holders" switch', () => {
  it('is on by default for bonds and real estate, off for the other types', async () => {
    for (const [rwaType, on] of [
      ['bonds', true],
      ['real_estate', true],
      ['commodity', false],
      ['art', false],
      ['collectibles', false],
    ] as const) {
      const p = await create({ rwaType });
      expect(p.requiresVerifiedHolders, rwaType).toBe(on);
      expect((await t.call('GET', `/api/products/${p.id}`)).json().product.requiresVerifiedHolders).toBe(on);
    }
  });

  it('takes what staff say on create and on update, with an audit entry for the change', async () => {
    const bond = await create({ rwaType: 'bonds', requiresVerifiedHolders: false });
    expect(bond.requiresVerifiedHolders).toBe(false);
    const art = await create({ rwaType: 'art', requiresVerifiedHolders: true });
    expect(art.requiresVerifiedHolders).toBe(true);
    const res = await t.call('PUT', `/api/products/${bond.id}`, { body: { requiresVerifiedHolders: true } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().product).toMatchObject({ requiresVerifiedHolders: true, rwaType: 'bonds', title: bond.title });
    // Changing the type later leaves the switch as it is.
    const moved = await t.call('PUT', `/api/products/${bond.id}`, { body: { rwaType: 'art' } });
    expect(moved.json().product.requiresVerifiedHolders).toBe(true);
    const [entry] = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entityId, bond.id), eq(auditEvents.action, 'product.update')))
      .limit(1);
    expect(JSON.stringify(entry!.data)).toContain('requiresVerifiedHolders');
  });

  it('refuses anything but true or false with a sentence, changing nothing', async () => {
    const p = await create({ rwaType: 'bonds' });
    for (const value of ['yes', 1, null]) {
      const res = await t.call('PUT', `/api/products/${p.id}`, { body: { requiresVerifiedHolders: value } });
      expect(res.statusCode, JSON.stringify(value)).toBe(400);
      expect(res.body).toContain('Requires verified holders must be true or false.');
    }
    const bad = await t.call('POST', '/api/products', { body: productInput({ requiresVerifiedHolders: 'no' }) });
    expect(bad.statusCode).toBe(400);
    expect((await t.call('GET', `/api/products/${p.id}`)).json().product.requiresVerifiedHolders).toBe(true);
  });
});
