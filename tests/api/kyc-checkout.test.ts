import { randomUUID } from 'node:crypto';
import { asc, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, payments, products } from '../../server/db/schema.js';
import { buildKycSession, buildProduct, buildUser, freshWallet, PASSWORD } from './factories.js';
import { createTestApp, type TestApp } from './harness.js';

// The setting kycRequiredAbove: token purchases above it need a verified buyer (PRODUCT.md, Limits).

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const checkout = (productId: string, qty: number, token?: string) =>
  t.call('POST', '/api/checkout/session', {
    as: null,
    token,
    headers: { 'idempotency-key': randomUUID() },
    body: {
      items: [{ productId, qty }],
      email: 'buyer@example.com',
      provider: 'sandbox',
      walletAddress: freshWallet(),
    },
  });
const snapshot = async () => ({
  orders: Number((await t.db.select({ n: sql<string>`count(*)` }).from(orders))[0]!.n),
  payments: Number((await t.db.select({ n: sql<string>`count(*)` }).from(payments))[0]!.n),
  products: await t.db.select().from(products).orderBy(asc(products.id)),
});
async function shopper() {
  const u = await buildUser(t);
  return { id: u.id, token: (await t.login(u.email, PASSWORD)).json().token as string };
}

describe('kycRequiredAbove', () => {
  it('is off by default (null) and validated as an amount or null', async () => {
    expect((await t.call('GET', '/api/settings')).json().settings.kycRequiredAbove).toBeNull();
    for (const bad of [-1, 1.001, 'lots']) {
      const res = await t.call('PUT', '/api/settings', { body: { kycRequiredAbove: bad } });
      expect(res.statusCode).toBe(400);
      expect(res.json().fields.kycRequiredAbove).toMatch(/KYC threshold must be an amount/);
    }
    const token = await buildProduct(t, { tokenId: '501', priceFiat: '900.00', stock: 100 });
    expect((await checkout(token.id, 3)).statusCode).toBe(201);
  });

  it('refuses token purchases above it to guests (sign in and verify) and to unverified buyers, changing nothing; verified buyers, small or non-token carts pass', async () => {
    const saved = await t.call('PUT', '/api/settings', { body: { kycRequiredAbove: 100 } });
    expect(saved.json().settings.kycRequiredAbove).toBe(100);
    const token = await buildProduct(t, { tokenId: '502', priceFiat: '60.00', stock: 100 });
    const goods = await buildProduct(t, { priceFiat: '60.00', stock: 100 });

    const before = await snapshot();
    const guest = await checkout(token.id, 2);
    expect(guest.statusCode).toBe(403);
    expect(guest.json()).toMatchObject({
      code: 'kyc_sign_in_required',
      error:
        'Token purchases above 100.00 USD need a verified identity: sign in and verify your identity (KYC) on your account page first.',
    });
    const me = await shopper();
    const unverified = await checkout(token.id, 2, me.token);
    expect(unverified.json()).toMatchObject({
      code: 'kyc_required',
      error:
        'Token purchases above 100.00 USD need a verified identity: verify your identity (KYC) on your account page first.',
    });
    const session = await buildKycSession(t, { userId: me.id });
    expect((await checkout(token.id, 2, me.token)).json().code).toBe('kyc_required'); // pending is not verified
    expect(await snapshot()).toEqual(before);

    expect((await checkout(token.id, 1)).statusCode).toBe(201); // 60.00: at or below the threshold
    expect((await checkout(goods.id, 5)).statusCode).toBe(201); // no token line

    const rejected = await t.call('PUT', `/api/kyc/${session.id}/status`, {
      as: 'operator',
      body: { status: 'rejected', reason: 'Expired passport' },
    });
    expect(rejected.statusCode).toBe(200);
    expect((await checkout(token.id, 2, me.token)).json().code).toBe('kyc_required');
    const again = await buildKycSession(t, { userId: me.id });
    expect(
      (await t.call('PUT', `/api/kyc/${again.id}/status`, { as: 'operator', body: { status: 'approved' } })).statusCode,
    ).toBe(200);
    expect((await checkout(token.id, 2, me.token)).statusCode).toBe(201);

    await t.call('PUT', '/api/settings', { body: { kycRequiredAbove: null } });
    expect((await checkout(token.id, 2)).statusCode).toBe(201);
  });
});
