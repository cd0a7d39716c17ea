/**
 * Bulk actions: each selected row goes through the single-row rules on its own, so a refused row leaves the others
 * done, the answer names each refusal with its sentence, and each row done has its own audit entry. A bad body is
 * refused whole (400) and changes nothing.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditEvents,
  coupons,
  dnsRecords,
  mintJobs,
  notifications,
  orders,
  products,
  users,
} from '../../server/db/schema.js';
import { buildCoupon, buildDnsRecord, buildMintJob, buildOrder, buildProduct } from './factories.js';
import { createTestApp, type TestApp } from './harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const UNKNOWN = '00000000-0000-4000-8000-000000000000';

/** The audit actions written for these entities, by entity id. */
async function auditOf(ids: string[]) {
  const rows = await t.db
    .select({ id: auditEvents.entityId, action: auditEvents.action, data: auditEvents.data })
    .from(auditEvents)
    .where(inArray(auditEvents.entityId, ids));
  return rows;
}
const auditCount = async () => Number((await t.db.select({ n: sql<string>`count(*)` }).from(auditEvents))[0]!.n);

async function loggedIn(role: 'admin' | 'operator' | 'user') {
  const u = await t.user(role);
  return { ...u, token: (await t.login(u.email)).json().token as string };
}

describe('products', () => {
  it('sets the status of each selected product; an unknown one is refused by name, the others are set and audited', async () => {
    const [a, b] = [await buildProduct(t), await buildProduct(t)];
    const res = await t.call('POST', '/api/products/bulk', {
      as: 'operator',
      body: { ids: [a.id, UNKNOWN, b.id], action: 'status', status: 'inactive' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      ok: true,
      done: 2,
      refused: 1,
      results: [
        { id: a.id, ok: true },
        { id: UNKNOWN, ok: false, code: 'not_found', error: 'Product not found.', messageCode: 'product_not_found' },
        { id: b.id, ok: true },
      ],
    });
    const stored = await t.db
      .select({ status: products.status })
      .from(products)
      .where(inArray(products.id, [a.id, b.id]));
    expect(stored.map((p) => p.status)).toEqual(['inactive', 'inactive']);
    const audit = await auditOf([a.id, b.id]);
    expect(
      audit
        .filter((e) => e.action === 'product.update')
        .map((e) => e.id)
        .sort(),
    ).toEqual([a.id, b.id].sort());
  });

  it('deletes the selected products but refuses one with orders, with the sentence a single delete gives', async () => {
    const sold = await buildProduct(t, { title: 'Sold Bond' });
    await buildOrder(t, { productId: sold.id });
    const [a, b] = [await buildProduct(t), await buildProduct(t)];
    const res = await t.call('POST', '/api/products/bulk', { body: { ids: [a.id, sold.id, b.id], action: 'delete' } });
    expect(res.json()).toMatchObject({ done: 2, refused: 1 });
    const refusal = res.json().results[1];
    expect(refusal).toEqual({
      id: sold.id,
      ok: false,
      code: 'product_in_use',
      messageCode: 'product_in_use',
      params: { title: 'Sold Bond' },
      error: '"Sold Bond" is part of existing orders and cannot be deleted. Set its status to inactive instead.',
    });
    expect((await t.call('DELETE', `/api/products/${sold.id}`)).json().error).toBe(refusal.error);
    const left = await t.db
      .select({ id: products.id })
      .from(products)
      .where(inArray(products.id, [a.id, sold.id, b.id]));
    expect(left.map((p) => p.id)).toEqual([sold.id]);
    expect(
      (await auditOf([a.id, b.id, sold.id]))
        .filter((e) => e.action === 'product.delete')
        .map((e) => e.id)
        .sort(),
    ).toEqual([a.id, b.id].sort());
  });
});

describe('coupons', () => {
  it('expires the selected coupons now; one already expired is refused; a start still to come is dropped', async () => {
    const [a, later] = [
      await buildCoupon(t),
      await buildCoupon(t, { startDate: new Date(Date.now() + 86_400_000).toISOString() }),
    ];
    const old = await buildCoupon(t);
    await t.db
      .update(coupons)
      .set({ endDate: new Date(Date.now() - 60_000) })
      .where(eq(coupons.id, old.id));
    const res = await t.call('POST', '/api/coupons/bulk', {
      as: 'operator',
      body: { ids: [a.id, old.id, later.id], action: 'expire' },
    });
    expect(res.json()).toMatchObject({ done: 2, refused: 1 });
    expect(res.json().results[1]).toMatchObject({
      id: old.id,
      ok: false,
      code: 'coupon_expired',
      error: `Coupon "${old.code}" has already expired.`,
    });
    for (const id of [a.id, later.id]) {
      const coupon = (await t.call('GET', `/api/coupons/${id}`)).json().coupon;
      expect(coupon.status).toBe('expired');
      expect(new Date(coupon.endDate).getTime()).toBeLessThanOrEqual(Date.now());
    }
    expect((await t.call('GET', `/api/coupons/${later.id}`)).json().coupon.startDate).toBeNull();
    expect(
      (await auditOf([a.id, old.id, later.id]))
        .filter((e) => e.action === 'coupon.expire')
        .map((e) => e.id)
        .sort(),
    ).toEqual([a.id, later.id].sort());
  });

  it('deletes the selected coupons but refuses a used one with its sentence', async () => {
    const [a, used] = [await buildCoupon(t), await buildCoupon(t)];
    await t.db.update(coupons).set({ usedCount: 2 }).where(eq(coupons.id, used.id));
    const res = await t.call('POST', '/api/coupons/bulk', { body: { ids: [used.id, a.id], action: 'delete' } });
    expect(res.json()).toMatchObject({ done: 1, refused: 1 });
    expect(res.json().results[0]).toMatchObject({
      id: used.id,
      ok: false,
      code: 'coupon_used',
      error: `Coupon "${used.code}" has been used 2 times and cannot be deleted. Set its end date to retire it instead.`,
    });
    const left = await t.db
      .select({ id: coupons.id })
      .from(coupons)
      .where(inArray(coupons.id, [a.id, used.id]));
    expect(left.map((c) => c.id)).toEqual([used.id]);
  });
});

describe('orders', () => {
  it('fails the selected pending orders as the sweeper does (stock and coupon hold back); a paid one is refused', async () => {
    const product = await buildProduct(t, { stock: 10 });
    const coupon = await buildCoupon(t, { usageLimit: 5 });
    const pending = await buildOrder(t, { productId: product.id, qty: 3, couponCode: coupon.code });
    const other = await buildOrder(t, { productId: product.id, qty: 2 });
    const paid = await buildOrder(t, { productId: product.id, qty: 1, paid: true });
    const stock = async () =>
      (await t.db.select({ stock: products.stock }).from(products).where(eq(products.id, product.id)))[0]!.stock;
    const reserved = async () =>
      (await t.db.select({ n: coupons.reservedCount }).from(coupons).where(eq(coupons.id, coupon.id)))[0]!.n;
    expect([await stock(), await reserved()]).toEqual([4, 1]);

    const res = await t.call('POST', '/api/orders/bulk', {
      as: 'operator',
      body: { ids: [pending.id, paid.id, other.id], action: 'fail' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ done: 2, refused: 1 });
    expect(res.json().results[1]).toEqual({
      id: paid.id,
      ok: false,
      code: 'illegal_transition',
      messageCode: 'illegal_transition',
      params: { from: 'paid', to: 'failed' },
      error: 'An order that is paid cannot become failed.',
    });
    const statuses = await t.db
      .select({ id: orders.id, status: orders.status })
      .from(orders)
      .where(inArray(orders.id, [pending.id, paid.id, other.id]));
    expect(Object.fromEntries(statuses.map((o) => [o.id, o.status]))).toEqual({
      [pending.id]: 'failed',
      [paid.id]: 'paid',
      [other.id]: 'failed',
    });
    expect([await stock(), await reserved()]).toEqual([9, 0]);
    const failed = (await auditOf([pending.id, other.id])).filter((e) => e.action === 'order.failed');
    expect(failed).toHaveLength(2);
    expect(failed[0]!.data).toMatchObject({ reason: 'Failed by staff before it was paid.' });
  });

  it('exports only the selected orders as CSV; a bad id list is refused', async () => {
    const [a, b] = [await buildOrder(t), await buildOrder(t), await buildOrder(t)];
    const res = await t.call('GET', `/api/orders/export.csv?ids=${a.id},${b.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const lines = res.body.trim().split('\r\n');
    expect(lines).toHaveLength(3);
    expect(
      lines
        .slice(1)
        .map((l) => l.split(',')[0])
        .sort(),
    ).toEqual([a.id, b.id].sort());
    // The JSON list narrows the same way.
    expect((await t.call('GET', `/api/orders?ids=${a.id}`)).json()).toMatchObject({ total: 1, orders: [{ id: a.id }] });
    for (const bad of ['not-a-uuid', `${a.id},x`, Array.from({ length: 101 }, () => a.id).join(',')]) {
      const refused = await t.call('GET', `/api/orders/export.csv?ids=${bad}`);
      expect(refused.statusCode, bad).toBe(400);
      expect(refused.json()).toMatchObject({ code: 'validation', fields: { ids: expect.any(String) } });
    }
  });
});

describe('mint jobs', () => {
  it('queues the selected failed jobs again; one still processing is refused with its sentence', async () => {
    const [failed, processing] = [await buildMintJob(t), await buildMintJob(t)];
    await t.db
      .update(mintJobs)
      .set({ status: 'failed', attempts: 5, lastError: 'out of gas' })
      .where(eq(mintJobs.id, failed.id));
    const res = await t.call('POST', '/api/mint-jobs/bulk', {
      as: 'operator',
      body: { ids: [processing.id, failed.id], action: 'retry' },
    });
    expect(res.json()).toMatchObject({ done: 1, refused: 1 });
    expect(res.json().results[0]).toMatchObject({
      id: processing.id,
      ok: false,
      code: 'not_failed',
      error: 'Only a failed job can be retried; this one is processing.',
    });
    const [job] = await t.db.select().from(mintJobs).where(eq(mintJobs.id, failed.id));
    expect([job!.status, job!.attempts]).toEqual(['queued', 0]);
    expect(
      (await auditOf([failed.id, processing.id])).filter((e) => e.action === 'mint.retry').map((e) => e.id),
    ).toEqual([failed.id]);
  });
});

describe('users', () => {
  it('suspends the selected users but never the caller’s own account; reactivates them again', async () => {
    const me = await loggedIn('admin');
    const [a, b] = [await t.user('user'), await t.user('operator')];
    const res = await t.call('POST', '/api/users/bulk', {
      token: me.token,
      body: { ids: [a.id, me.id, b.id], action: 'suspend' },
    });
    expect(res.json()).toMatchObject({ done: 2, refused: 1 });
    expect(res.json().results[1]).toEqual({
      id: me.id,
      ok: false,
      code: 'user_change_refused',
      messageCode: 'suspend_self',
      error: 'You cannot suspend your own account.',
    });
    const status = async () =>
      Object.fromEntries(
        (
          await t.db
            .select({ id: users.id, status: users.status })
            .from(users)
            .where(inArray(users.id, [a.id, b.id, me.id]))
        ).map((u) => [u.id, u.status]),
      );
    expect(await status()).toEqual({ [a.id]: 'suspended', [b.id]: 'suspended', [me.id]: 'active' });
    expect(
      (await auditOf([a.id, b.id, me.id]))
        .filter((e) => e.action === 'user.suspend')
        .map((e) => e.id)
        .sort(),
    ).toEqual([a.id, b.id].sort());

    const back = await t.call('POST', '/api/users/bulk', {
      token: me.token,
      body: { ids: [a.id, b.id], action: 'reactivate' },
    });
    expect(back.json()).toMatchObject({ done: 2, refused: 0 });
    expect(await status()).toEqual({ [a.id]: 'active', [b.id]: 'active', [me.id]: 'active' });
  });
});

describe('notifications', () => {
  it('marks the caller’s selected notifications read; another user’s reads as not found and stays unread', async () => {
    const me = await loggedIn('user');
    const someone = await t.user('user');
    const [mine1, mine2, theirs] = await t.db
      .insert(notifications)
      .values([
        { userId: me.id, title: 'One', body: 'First.' },
        { userId: me.id, title: 'Two', body: 'Second.' },
        { userId: someone.id, title: 'Three', body: 'Theirs.' },
      ])
      .returning();
    const res = await t.call('PUT', '/api/notifications/read', {
      token: me.token,
      body: { ids: [mine1!.id, theirs!.id, mine2!.id] },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ done: 2, refused: 1 });
    expect(res.json().results[1]).toMatchObject({
      id: theirs!.id,
      ok: false,
      code: 'not_found',
      error: 'Notification not found.',
    });
    const read = await t.db
      .select({ id: notifications.id, readAt: notifications.readAt })
      .from(notifications)
      .where(inArray(notifications.id, [mine1!.id, mine2!.id, theirs!.id]));
    expect(Object.fromEntries(read.map((n) => [n.id, n.readAt !== null]))).toEqual({
      [mine1!.id]: true,
      [mine2!.id]: true,
      [theirs!.id]: false,
    });
  });
});

describe('DNS records', () => {
  it('deactivates, activates and deletes the selected records, each audited; an unknown one is refused', async () => {
    const [a, b] = [await buildDnsRecord(t), await buildDnsRecord(t)];
    const active = async () =>
      Object.fromEntries(
        (
          await t.db
            .select({ id: dnsRecords.id, on: dnsRecords.isActive })
            .from(dnsRecords)
            .where(inArray(dnsRecords.id, [a.id, b.id]))
        ).map((r) => [r.id, r.on]),
      );
    const off = await t.call('POST', '/api/domain/records/bulk', {
      as: 'operator',
      body: { ids: [a.id, UNKNOWN, b.id], action: 'deactivate' },
    });
    expect(off.json()).toMatchObject({
      done: 2,
      refused: 1,
      results: [
        { ok: true },
        { id: UNKNOWN, ok: false, code: 'not_found', error: 'DNS record not found.' },
        { ok: true },
      ],
    });
    expect(await active()).toEqual({ [a.id]: false, [b.id]: false });
    await t.call('POST', '/api/domain/records/bulk', { body: { ids: [a.id], action: 'activate' } });
    expect(await active()).toEqual({ [a.id]: true, [b.id]: false });
    expect(
      (await t.call('POST', '/api/domain/records/bulk', { body: { ids: [a.id, b.id], action: 'delete' } })).json(),
    ).toMatchObject({ done: 2, refused: 0 });
    expect(await active()).toEqual({});
    const entries = await auditOf([a.id, b.id]);
    expect(entries.filter((e) => e.action === 'dns_record.update')).toHaveLength(3);
    expect(entries.filter((e) => e.action === 'dns_record.delete')).toHaveLength(2);
  });
});

describe('bad bodies are refused whole and change nothing', () => {
  const routes: [string, string, Record<string, unknown>][] = [
    ['POST', '/api/products/bulk', { action: 'status', status: 'inactive' }],
    ['POST', '/api/coupons/bulk', { action: 'expire' }],
    ['POST', '/api/orders/bulk', { action: 'fail' }],
    ['POST', '/api/mint-jobs/bulk', { action: 'retry' }],
    ['POST', '/api/users/bulk', { action: 'suspend' }],
    ['POST', '/api/domain/records/bulk', { action: 'deactivate' }],
    ['POST', '/api/commissions/bulk', { action: 'approve' }],
    ['PUT', '/api/notifications/read', {}],
  ];

  it.each(routes)('%s %s', async (method, url, rest) => {
    const product = await buildProduct(t);
    const before = [await auditCount(), await t.db.select().from(products).where(eq(products.id, product.id))];
    const bad: [unknown, string][] = [
      [{ ...rest, ids: [] }, 'ids'],
      [{ ...rest, ids: Array.from({ length: 101 }, () => product.id) }, 'ids'],
      [{ ...rest, ids: [product.id, 'not-a-uuid'] }, 'ids.1'],
      [{ ...rest, ids: product.id }, 'ids'],
      [{ ...rest }, 'ids'],
    ];
    if ('action' in rest)
      bad.push([{ ...rest, ids: [product.id], action: 'explode' }, 'action'], [{ ids: [product.id] }, 'action']);
    for (const [body, field] of bad) {
      const res = await t.call(method as 'POST', url, { body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json(), JSON.stringify(body)).toMatchObject({
        ok: false,
        code: 'validation',
        fields: { [field]: expect.any(String) },
      });
    }
    expect([await auditCount(), await t.db.select().from(products).where(eq(products.id, product.id))]).toEqual(before);
  });

  it('setting a status names the status to set', async () => {
    const product = await buildProduct(t);
    for (const body of [
      { ids: [product.id], action: 'status' },
      { ids: [product.id], action: 'status', status: 'archived' },
    ]) {
      const res = await t.call('POST', '/api/products/bulk', { body });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ fields: { status: expect.any(String) } });
    }
    expect(
      (
        await t.db
          .select({ status: products.status })
          .from(products)
          .where(and(eq(products.id, product.id)))
      )[0]!.status,
    ).toBe('active');
  });
});
