import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, users } from '../../server/db/schema.js';
import { buildOrder, buildProduct, buildUser, freshWallet, PASSWORD } from './factories.js';
import { createTestApp, type TestApp } from './harness.js';

let t: TestApp;
const tag = `SHOP${Date.now().toString(36).toUpperCase()}`;
let active: { id: string };
let draft: { id: string };
let inactive: { id: string };
beforeAll(async () => {
  t = await createTestApp();
  active = await buildProduct(t, { title: `${tag} Gold`, rwaType: 'commodity' });
  await buildProduct(t, { title: `${tag} Tower`, rwaType: 'real_estate' });
  draft = await buildProduct(t, { title: `${tag} Draft`, status: 'draft' });
  inactive = await buildProduct(t, { title: `${tag} Old`, status: 'inactive' });
});
afterAll(async () => { await t.close(); });

const count = async (table: typeof users | typeof auditEvents) => Number((await t.db.select({ n: sql<string>`count(*)` }).from(table))[0]!.n);

describe('the public catalogue', () => {
  it('lists active products only, without a token, with search, type filter and paging', async () => {
    const all = await t.call('GET', `/api/shop/products?q=${tag}`, { as: null });
    expect(all.statusCode).toBe(200);
    expect(all.json()).toMatchObject({ ok: true, total: 2, totalIsEstimate: false });
    expect(all.json().products.map((p: { title: string }) => p.title).sort()).toEqual([`${tag} Gold`, `${tag} Tower`]);
    const art = (await t.call('GET', `/api/shop/products?q=${tag}&rwaType=real_estate`, { as: null })).json();
    expect(art.products.map((p: { title: string }) => p.title)).toEqual([`${tag} Tower`]);
    const page = (await t.call('GET', `/api/shop/products?q=${tag}&sort=title&order=asc&limit=1&offset=1`, { as: null })).json();
    expect(page).toMatchObject({ total: 2, products: [{ title: `${tag} Tower` }] });
  });

  it('a status filter cannot reach drafts: the parameter is not the shop’s', async () => {
    const res = (await t.call('GET', `/api/shop/products?q=${tag}&status=draft`, { as: null })).json();
    expect(res.products.every((p: { status: string }) => p.status === 'active')).toBe(true);
  });

  it('shows an active product, and answers 404 for a draft, an inactive or an unknown one', async () => {
    const res = await t.call('GET', `/api/shop/products/${active.id}`, { as: null });
    expect(res.statusCode).toBe(200);
    expect(res.json().product).toMatchObject({ id: active.id, title: `${tag} Gold`, status: 'active' });
    for (const id of [draft.id, inactive.id, '00000000-0000-4000-8000-000000000000']) {
      const gone = await t.call('GET', `/api/shop/products/${id}`, { as: null });
      expect(gone.statusCode).toBe(404);
      expect(gone.json()).toMatchObject({ ok: false, code: 'not_found', error: 'Product not found.' });
    }
  });

  it('refuses a bad filter with a sentence naming it', async () => {
    const res = await t.call('GET', '/api/shop/products?rwaType=cars', { as: null });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(/^Invalid query parameter "rwaType"/);
  });
});

describe('sign-up', () => {
  it('creates an active shopper who then logs in; a role in the body is ignored', async () => {
    const email = `New.Shopper.${Date.now()}@Test.dev`;
    const res = await t.call('POST', '/api/shop/auth/signup', { as: null, body: { name: ' Nia Buyer ', email, password: 'a-long-password', role: 'admin' } });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().user).toMatchObject({ email: email.toLowerCase(), name: 'Nia Buyer', role: 'user' });
    const login = await t.login(email, 'a-long-password');
    expect(login.statusCode).toBe(200);
    expect(login.json().user.role).toBe('user');
    const [row] = await t.db.select().from(users).where(sql`${users.email} = ${email.toLowerCase()}`);
    expect(row).toMatchObject({ role: 'user', status: 'active', kycStatus: 'pending' });
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
    const staffOnly = await t.call('GET', '/api/products', { token: login.json().token });
    expect(staffOnly.statusCode).toBe(403);
  });

  it('refuses a taken email (in any case), twice at once too, and leaves one account', async () => {
    const taken = (await buildUser(t)).email;
    const res = await t.call('POST', '/api/shop/auth/signup', { as: null, body: { name: 'Again', email: taken.toUpperCase(), password: 'a-long-password' } });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ ok: false, code: 'email_taken', error: 'An account with this email already exists. Log in instead.' });
    const email = `race.${Date.now()}@test.dev`;
    const body = { name: 'Racer', email, password: 'a-long-password' };
    const both = await Promise.all([1, 2, 3].map(() => t.call('POST', '/api/shop/auth/signup', { as: null, body })));
    expect(both.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
    expect((await t.db.select().from(users).where(sql`${users.email} = ${email}`)).length).toBe(1);
  });

  it.each([
    [{ email: 'a@b.dev', password: 'a-long-password' }, 'name', 'Name is required.'],
    [{ name: 'X', email: 'not-an-email', password: 'a-long-password' }, 'email', 'Email must be a valid email address.'],
    [{ name: 'X', email: 'short@test.dev', password: 'short' }, 'password', 'Password must be at least 10 characters.'],
    [{ name: 'X', email: 'long@test.dev', password: 'p'.repeat(1025) }, 'password', 'Password can be at most 1024 characters.'],
    [{ name: 'X'.repeat(121), email: 'n@test.dev', password: 'a-long-password' }, 'name', 'Name can be at most 120 characters.'],
  ])('refuses %j: 400 naming %s, nothing written', async (body, field, sentence) => {
    const before = { users: await count(users), audit: await count(auditEvents) };
    const res = await t.call('POST', '/api/shop/auth/signup', { as: null, body });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'validation', error: `Invalid field "${field}": ${sentence}` });
    expect({ users: await count(users), audit: await count(auditEvents) }).toEqual(before);
  });
});

describe('own orders', () => {
  it('lists only the caller’s orders, newest first, with payment and mint jobs', async () => {
    const buyer = await buildUser(t);
    const other = await buildUser(t);
    const token = (await t.login(buyer.email, PASSWORD)).json().token as string;
    expect((await t.call('GET', '/api/shop/orders', { token })).json()).toMatchObject({ ok: true, orders: [], total: 0 });

    const first = await buildOrder(t, { userEmail: buyer.email });
    const second = await buildOrder(t, { userEmail: buyer.email, paid: true, walletAddress: freshWallet(), product: { tokenId: '7' } });
    await buildOrder(t, { userEmail: other.email });

    const res = await t.call('GET', '/api/shop/orders', { token });
    expect(res.statusCode).toBe(200);
    const { orders, total } = res.json();
    expect(total).toBe(2);
    expect(orders.map((o: { id: string }) => o.id)).toEqual([second.id, first.id]);
    expect(orders[0]).toMatchObject({ status: 'paid', payment: { status: 'completed' }, items: [{ tokenId: '7' }], mintJobs: [{ tokenId: '7', status: 'queued' }] });
    expect(orders[1]).toMatchObject({ status: 'pending', payment: null, mintJobs: [] });
    expect(orders[0]).not.toHaveProperty('customer');

    const paged = (await t.call('GET', '/api/shop/orders?limit=1&offset=1', { token })).json();
    expect(paged).toMatchObject({ total: 2, orders: [{ id: first.id }] });
  });

  it('needs a token', async () => {
    expect((await t.call('GET', '/api/shop/orders', { as: null })).statusCode).toBe(401);
  });
});
