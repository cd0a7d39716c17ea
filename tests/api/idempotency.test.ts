import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtOnce, type Slots } from '../../server/db/built-once.js';
import { alongside } from '../../server/db/client.js';
import { idempotencyKeys, orders, payments } from '../../server/db/schema.js';
import { keptAnswerWrite, runIdempotentIn, type KeptAnswer } from '../../server/lib/idempotency.js';
import { buildProduct, buildUser } from './factories.js';
import { createTestApp, type TestApp } from './harness.js';

let t: TestApp;
let body: { userEmail: string; productId: string; qty: number };
beforeAll(async () => {
  t = await createTestApp();
  body = { userEmail: (await buildUser(t)).email, productId: (await buildProduct(t, { stock: 1000 })).id, qty: 1 };
});
afterAll(async () => {
  await t.close();
});

const count = async (table: typeof orders | typeof payments) =>
  Number((await t.db.select({ n: sql<string>`count(*)` }).from(table))[0]!.n);
const post = (
  key: string | undefined,
  b: unknown = body,
  path = '/api/orders/mock',
  as: 'admin' | 'operator' = 'admin',
) => t.call('POST', path, { body: b, as, headers: key === undefined ? {} : { 'Idempotency-Key': key } });

describe('Idempotency-Key on creating orders', () => {
  it('the same key and body answer the first order again: one order, one payment', async () => {
    const before = { orders: await count(orders), payments: await count(payments) };
    const first = await post('key-same-1');
    expect(first.statusCode, first.body).toBe(201);
    const again = await post('key-same-1', { qty: 1, productId: body.productId, userEmail: body.userEmail }); // same body, other key order
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().order.id).toBe(first.json().order.id);
    expect({ orders: await count(orders), payments: await count(payments) }).toEqual({
      orders: before.orders + 1,
      payments: before.payments + 1,
    });
  });

  it('the same key with another body is 422, and changes nothing', async () => {
    await post('key-diff-1');
    const before = await count(orders);
    const res = await post('key-diff-1', { ...body, qty: 2 });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      code: 'idempotency_mismatch',
      error: 'This Idempotency-Key was already used with a different request. Use a new key for a new request.',
    });
    expect(await count(orders)).toBe(before);
  });

  it('50 concurrent repeats of one key make exactly one order; the others replay it or are told it is still running', async () => {
    const before = await count(orders);
    const results = await Promise.all(Array.from({ length: 50 }, () => post('key-race-1')));
    const created = results.filter((r) => r.statusCode === 201);
    expect(results.every((r) => r.statusCode === 201 || r.statusCode === 409)).toBe(true);
    expect(new Set(created.map((r) => r.json().order.id)).size).toBe(1);
    results.filter((r) => r.statusCode === 409).forEach((r) => expect(r.json().code).toBe('idempotency_in_progress'));
    expect(await count(orders)).toBe(before + 1);
  });

  it('keys are per caller and per route, a failed request keeps nothing, and no key means no memory', async () => {
    const admin = await post('key-shared', body, '/api/orders');
    const operator = await post('key-shared', body, '/api/orders', 'operator');
    expect(operator.json().order.id).not.toBe(admin.json().order.id);
    const mock = await post('key-shared', body, '/api/orders/mock');
    expect(mock.json().order.id).not.toBe(admin.json().order.id);

    const refused = await post('key-failed', { ...body, couponCode: 'NO-SUCH-CODE' });
    expect(refused.statusCode).toBe(422);
    expect(
      await t.db
        .select()
        .from(idempotencyKeys)
        .where(sql`${idempotencyKeys.key} = 'key-failed'`),
    ).toEqual([]);
    expect((await post('key-failed', { ...body, couponCode: 'NO-SUCH-CODE' })).statusCode).toBe(422);

    const a = await post(undefined);
    const b = await post(undefined);
    expect(a.json().order.id).not.toBe(b.json().order.id);
  });

  it('a key older than 24 hours is forgotten', async () => {
    const first = await post('key-old-1');
    await t.db
      .update(idempotencyKeys)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(sql`${idempotencyKeys.key} = 'key-old-1'`);
    const second = await post('key-old-1');
    expect(second.statusCode).toBe(201);
    expect(second.json().order.id).not.toBe(first.json().order.id);
  });

  it.each([['x'.repeat(256)], ['bad key with spaces'], ['clé']])('refuses the key %j with 400', async (key) => {
    const before = await count(orders);
    const res = await post(key);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('The Idempotency-Key header must be 1 to 255 visible ASCII characters.');
    expect(await count(orders)).toBe(before);
  });
});

describe("Idempotency-Key of a guest's checkout", () => {
  const checkout = (key: string, guest: string | null) =>
    t.call('POST', '/api/checkout/session', {
      as: null,
      body: { items: [{ productId: body.productId, qty: 1 }], email: 'guest@example.com', provider: 'sandbox' },
      headers: { 'idempotency-key': key, ...(guest === null ? { 'x-guest-id': '' } : { 'x-guest-id': guest }) },
    });

  it("another guest sending the first guest's key and body is refused, not given its order and secret; the first guest's retry is", async () => {
    const first = await checkout('guest-key-1', 'guest-a-0001');
    expect(first.statusCode, first.body).toBe(201);
    const stolen = await checkout('guest-key-1', 'guest-b-0002');
    expect(stolen.statusCode).toBe(422);
    expect(stolen.json()).toMatchObject({
      code: 'idempotency_mismatch',
      error: 'This Idempotency-Key was already used with a different request. Use a new key for a new request.',
    });
    expect(stolen.body).not.toContain(first.json().checkoutSecret);
    const retry = await checkout('guest-key-1', 'guest-a-0001');
    expect(retry.statusCode).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json()).toMatchObject({ orderId: first.json().orderId, checkoutSecret: first.json().checkoutSecret });
  });

  it("a guest's key without a guest id is a 400 with its sentence", async () => {
    const res = await checkout('guest-key-2', null);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'validation', error: expect.stringContaining('X-Guest-Id header') });
  });
});

describe("runIdempotentIn: the answer kept with the work's last write", () => {
  const input = (key: string) => ({ key, scope: 'POST /test keep', body: { n: 1 } });
  const stored = async (key: string) =>
    (
      await t.db
        .select()
        .from(idempotencyKeys)
        .where(sql`key = ${key}`)
    )[0]!;
  // A statement that keeps the answer beside its own work, as checkout's does.
  const keptWith = builtOnce((q, p: Slots<KeptAnswer>) =>
    q
      .with(...alongside(q, [keptAnswerWrite(q, p)]))
      .select({ one: sql`1` })
      .from(sql`(select 1) x`),
  );

  it('keeps the answer in the write it was sent with, and answers it again for the same key', async () => {
    const answer = { status: 201, body: { ok: true, n: 1 } };
    const first = await runIdempotentIn(t.db, input('keep-1'), async (tx, keep) => {
      await keptWith(tx, keep(answer)!);
      return answer;
    });
    expect(first).toEqual({ ...answer, replayed: false });
    expect(await stored('keep-1')).toMatchObject({ statusCode: 201, response: answer.body });
    expect(
      await runIdempotentIn(t.db, input('keep-1'), async () => {
        throw new Error('must not run again');
      }),
    ).toEqual({ ...answer, replayed: true });
  });

  it('stores the answer returned when it is not the one kept', async () => {
    const kept = { status: 201, body: { ok: true, version: 'kept' } };
    const returned = { status: 201, body: { ok: true, version: 'returned' } };
    await runIdempotentIn(t.db, input('keep-2'), async (tx, keep) => {
      await keptWith(tx, keep(kept)!);
      return returned;
    });
    expect(await stored('keep-2')).toMatchObject({ response: returned.body });
  });
});
