/**
 * The search boxes of the orders, payments, commissions and users lists (`q`): any part of an id, an email, a name or
 * a reference finds the record, in any case; `%` and `_` are letters, not wildcards; a term found nowhere finds
 * nothing; and the search narrows the other filters instead of replacing them. Terms of one or two characters mean
 * the same (they are not looked up in the trigram index: server/lib/search.ts).
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentDetail } from '../../src/common/payments.js';
import { commissions } from '../../server/db/schema.js';
import { buildOrder, buildPayment, buildProduct, buildUser, PASSWORD } from './factories.js';
import { createTestApp, type TestApp } from './harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ LOGIN_RATE_LIMIT_MAX: '10000' });
});
afterAll(async () => {
  await t?.close();
});

const tag = `s${Date.now().toString(36)}`;
type Row = { id: string };
/** The ids a list answers for a query, and its total. */
async function found(path: string, field: string, query: string) {
  const res = await t.call('GET', `${path}?limit=200&${query}`, { as: 'finance' });
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json();
  return { ids: (body[field] as Row[]).map((r) => r.id), total: body.total as number };
}
const q = (term: string) => `q=${encodeURIComponent(term)}`;
/** A piece from the middle of an id, in upper case: "0f8fad5b-d9cb-469f-…" → "D9CB-469F". */
const middle = (id: string) => id.slice(9, 18).toUpperCase();

describe('orders search', () => {
  const orders = (query: string) => found('/api/orders', 'orders', query);
  let paid: Awaited<ReturnType<typeof buildOrder>>;
  let pending: Awaited<ReturnType<typeof buildOrder>>;
  let lookalike: Awaited<ReturnType<typeof buildOrder>>;
  beforeAll(async () => {
    const ann = await buildUser(t, { email: `ann_b.${tag}@gmail.com` });
    const annx = await buildUser(t, { email: `annxb.${tag}@outlook.com` });
    paid = await buildOrder(t, { userEmail: ann.email, paid: true });
    pending = await buildOrder(t, { userEmail: ann.email });
    lookalike = await buildOrder(t, { userEmail: annx.email, paid: true });
  });

  it('finds an order by a piece from the middle of its id, in any case', async () => {
    expect(await orders(q(middle(paid.id)))).toEqual({ ids: [paid.id], total: 1 });
    expect((await orders(q(paid.id.slice(20, 24)))).ids).toContain(paid.id); // "d206": four characters
    expect(await orders(q(paid.id.toUpperCase()))).toEqual({ ids: [paid.id], total: 1 });
  });

  it('finds orders by any part of the customer email: "gmail", or its middle', async () => {
    expect((await orders(q('GMAIL'))).ids).toEqual(expect.arrayContaining([paid.id, pending.id]));
    expect((await orders(q(`.${tag}@gm`))).ids.sort()).toEqual([paid.id, pending.id].sort());
  });

  it('takes % and _ as letters', async () => {
    expect((await orders(q(`n_b.${tag}`))).ids.sort()).toEqual([paid.id, pending.id].sort());
    expect((await orders(q(`%b.${tag}`))).total).toBe(0);
    expect((await orders(q(`annxb.${tag}`))).ids).toEqual([lookalike.id]);
  });

  it('finds nothing for a term found nowhere, and narrows the status filter', async () => {
    expect(await orders(q(`${tag}-nobody`))).toEqual({ ids: [], total: 0 });
    expect((await orders(`${q(`ann_b.${tag}`)}&status=pending`)).ids).toEqual([pending.id]);
    expect((await orders(`${q(middle(paid.id))}&status=pending`)).total).toBe(0);
    expect((await orders(`${q(tag)}&status=paid&sort=createdAt&order=asc`)).ids).toEqual([paid.id, lookalike.id]);
  });
});

describe('payments search', () => {
  const payments = (query: string) => found('/api/payments', 'payments', query);
  let card: PaymentDetail;
  let open: PaymentDetail;
  beforeAll(async () => {
    card = await buildPayment(t, { email: `pay_er.${tag}@gmail.com` });
    open = await buildPayment(t, { email: `payxer.${tag}@yahoo.com`, card: null });
  });

  it("finds a payment by the middle of its id, of its order's id, or of its reference", async () => {
    expect(await payments(q(middle(card.id)))).toEqual({ ids: [card.id], total: 1 });
    expect(await payments(q(middle(card.orderId!)))).toEqual({ ids: [card.id], total: 1 });
    expect(card.reference).toBeTruthy();
    expect((await payments(q(card.reference!.slice(4, -4).toUpperCase()))).ids).toContain(card.id);
  });

  it("finds payments by any part of the customer's email, % and _ as letters", async () => {
    expect((await payments(q('gmail'))).ids).toContain(card.id);
    expect((await payments(q('gmail'))).ids).not.toContain(open.id);
    expect((await payments(q(`y_er.${tag}`))).ids).toEqual([card.id]);
    expect((await payments(q(`%er.${tag}`))).total).toBe(0);
    expect(await payments(q(`${tag}-nobody`))).toEqual({ ids: [], total: 0 });
  });

  it('narrows the status and provider filters', async () => {
    expect((await payments(`${q(`.${tag}@`)}&status=pending`)).ids).toEqual([open.id]);
    expect((await payments(`${q(`.${tag}@`)}&status=completed&provider=sandbox`)).ids).toEqual([card.id]);
    expect((await payments(`${q(`.${tag}@`)}&provider=stripe`)).total).toBe(0);
  });
});

describe('users search', () => {
  const users = (query: string) => found('/api/users', 'users', query);
  it('finds a user by any part of the id, email or name; % and _ are letters; narrows the role filter', async () => {
    const ann = await buildUser(t, { email: `u.${tag}@gmail.com`, name: `Ann_${tag} Lovelace`, role: 'finance' });
    const annx = await buildUser(t, { email: `v.${tag}@example.com`, name: `AnnX${tag} Lovelace` });
    const pct = await buildUser(t, { email: `w.${tag}@example.com`, name: `50%${tag}` });
    const and50 = await buildUser(t, { email: `x.${tag}@example.com`, name: `50 and more ${tag}` });
    expect(await users(q(middle(ann.id)))).toEqual({ ids: [ann.id], total: 1 });
    expect((await users(q('gmail'))).ids).toContain(ann.id);
    expect((await users(q(`${tag} LOVE`))).ids.sort()).toEqual([ann.id, annx.id].sort());
    expect((await users(q(`ann_${tag}`))).ids).toEqual([ann.id]);
    expect((await users(q(`50%${tag}`))).ids).toEqual([pct.id]);
    expect((await users(q(`50 and`))).ids).toContain(and50.id);
    expect(await users(q(`${tag}-nobody`))).toEqual({ ids: [], total: 0 });
    expect((await users(`${q(tag)}&role=finance`)).ids).toEqual([ann.id]);
  });
});

describe('commissions search', () => {
  const list = (query: string) => found('/api/commissions', 'commissions', query);
  async function signedIn(email: string, name: string) {
    const u = await buildUser(t, { email, name });
    return { ...u, token: (await t.login(u.email, PASSWORD)).json().token as string };
  }
  let earned: typeof commissions.$inferSelect;
  let referrerId: string;
  beforeAll(async () => {
    const referrer = await signedIn(`rita.${tag}@gmail.com`, `Rita ${tag}quill`);
    referrerId = referrer.id;
    const code = (await t.call('POST', '/api/referrals/link', { token: referrer.token })).json().referralCode;
    const shopper = await signedIn(`sho_p.${tag}@yahoo.com`, 'Shopper');
    await t.call('POST', '/api/referrals/attribute', { token: shopper.token, body: { code } });
    const product = await buildProduct(t, { priceFiat: 100, stock: 10 });
    const order = (
      await t.call('POST', '/api/orders/mock', { body: { userEmail: shopper.email, productId: product.id, qty: 1 } })
    ).json().order;
    [earned] = await t.db
      .select()
      .from(commissions)
      .where(and(eq(commissions.orderId, order.id), eq(commissions.level, 1)));
    expect(earned).toBeTruthy();
  });

  it("finds a commission by the middle of its id or its order's id, the customer's or the referrer's email, the referrer's name", async () => {
    for (const term of [
      middle(earned.id),
      middle(earned.orderId),
      `p.${tag}@YAHOO`,
      `a.${tag}@gmail`,
      `${tag}QUILL`,
      referrerId.slice(9, 18),
    ])
      expect((await list(q(term))).ids, term).toEqual([earned.id]);
    expect((await list(q('gmail'))).ids).toContain(earned.id);
  });

  it('takes % and _ as letters, finds nothing for a term found nowhere, and narrows the other filters', async () => {
    expect((await list(q(`o_p.${tag}`))).ids).toEqual([earned.id]);
    expect((await list(q(`o%p.${tag}`))).total).toBe(0);
    expect(await list(q(`${tag}-nobody`))).toEqual({ ids: [], total: 0 });
    expect((await list(`${q(tag)}&status=pending&level=1`)).ids).toEqual([earned.id]);
    expect((await list(`${q(tag)}&status=approved`)).total).toBe(0);
    expect((await list(`${q(tag)}&level=2`)).total).toBe(0);
  });

  it('a term of one or two characters means the same: any part', async () => {
    const two = earned.orderId.slice(24, 26);
    expect((await list(`${q(two)}&referrerId=${referrerId}`)).ids).toEqual([earned.id]);
    const searched = `${earned.id} ${earned.orderId} sho_p.${tag}@yahoo.com ${referrerId} rita.${tag}@gmail.com rita ${tag}quill`;
    const absent = [...'ghjkmnqrstuvwxyz'].find((c) => !searched.includes(c));
    expect((await list(`${q(`${absent}${absent}`)}&referrerId=${referrerId}`)).total).toBe(0);
  });
});
