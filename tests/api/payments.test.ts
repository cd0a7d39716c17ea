import { randomUUID } from 'node:crypto';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refundedAmount, refundsMade } from '../../server/modules/metrics/business.js';
import { metricValue } from './metric-value.js';
import { SANDBOX_CARDS } from '../../src/common/checkout.js';
import type { Payment, PaymentDetail } from '../../src/common/payments.js';
import { auditEvents, members, mintJobs, orders, payments, products, refunds } from '../../server/db/schema.js';
import { failPendingOrder } from '../../server/modules/orders/service.js';
import { buildOrder, buildPayment, buildProduct, buildUser, freshWallet } from './factories.js';
import { createTestApp, type TestApp } from './harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

type Body = Record<string, unknown>;
const UNKNOWN = '00000000-0000-4000-8000-000000000000';

const list = async (query: string) => {
  const res = await t.call('GET', `/api/payments?${query}`, { as: 'operator' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    payments: Payment[];
    total: number;
    totalIsEstimate: boolean;
    stats: { counts: Record<string, number>; totalAmount: number };
  };
};
const ids = (body: { payments: Payment[] }) => body.payments.map((p) => p.id);
const detail = async (id: string) =>
  (await t.call('GET', `/api/payments/${id}`, { as: 'finance' })).json().payment as PaymentDetail;
const refund = (id: string, body: Body, opts: { as?: 'admin' | 'finance' | 'operator'; key?: string } = {}) =>
  t.call('POST', `/api/payments/${id}/refund`, {
    as: opts.as ?? 'finance',
    body,
    headers: opts.key ? { 'idempotency-key': opts.key } : {},
  });

const paymentRow = async (id: string) => (await t.db.select().from(payments).where(eq(payments.id, id)))[0]!;
const orderStatus = async (id: string) =>
  (await t.db.select({ s: orders.status }).from(orders).where(eq(orders.id, id)))[0]!.s;
const stockOf = async (id: string) =>
  (await t.db.select({ s: products.stock }).from(products).where(eq(products.id, id)))[0]!.s;
const refundRows = async (paymentId: string) =>
  t.db.select().from(refunds).where(eq(refunds.paymentId, paymentId)).orderBy(asc(refunds.createdAt));
/** What a refused refund must leave as it was. */
const state = async (payment: PaymentDetail) => ({
  payment: await paymentRow(payment.id),
  order: await orderStatus(payment.orderId!),
  refunds: await refundRows(payment.id),
  audit: Number((await t.db.select({ n: sql<string>`count(*)` }).from(auditEvents))[0]!.n),
});

describe('GET /api/payments', () => {
  const tag = `pay${Date.now().toString(36)}`;
  let cheap: PaymentDetail;
  let dear: PaymentDetail;
  let open: PaymentDetail;
  let mock: Payment;
  beforeAll(async () => {
    cheap = await buildPayment(t, { email: `${tag}.a@test.dev`, product: { priceFiat: '10.00' } });
    dear = await buildPayment(t, { email: `${tag}.b@test.dev`, product: { priceFiat: '30.00' } });
    open = await buildPayment(t, { email: `${tag}.c@test.dev`, product: { priceFiat: '20.00' }, card: null });
    const shopper = await buildUser(t, { email: `${tag}.d@test.dev` });
    const order = await buildOrder(t, { userEmail: shopper.email, product: { priceFiat: '5.50' }, paid: true });
    mock = (await list(`q=${order.id}`)).payments[0]!;
  });

  it('searches by the customer’s email and counts each status with the total amount', async () => {
    const all = await list(`q=${tag}`);
    expect(all.total).toBe(4);
    expect(all.totalIsEstimate).toBe(false);
    // Revenue counts the money received: the open payment's 20.00 has not come in.
    expect(all.stats).toMatchObject({
      counts: { pending: 1, completed: 3, failed: 0, refunded: 0 },
      totalAmount: 45.5,
      gross: 45.5,
      refunds: 0,
      net: 45.5,
    });
    expect(all.payments.find((p) => p.id === cheap.id)).toMatchObject({
      orderId: cheap.orderId,
      customerEmail: `${tag}.a@test.dev`,
      refundWay: 'provider',
      refundUnavailable: null,
      method: 'card',
      provider: 'sandbox',
      amount: 10,
      refunded: 0,
      refundable: 10,
      currency: 'USD',
      status: 'completed',
      reference: expect.stringMatching(/^sandbox_ch_/),
      dashboardUrl: `/pay/sandbox/${cheap.id}`,
      test: true,
      completedAt: expect.any(String),
    });
    expect(mock).toMatchObject({
      method: 'test',
      provider: 'test',
      amount: 5.5,
      status: 'completed',
      dashboardUrl: null,
      refundWay: 'recorded',
      customerEmail: `${tag}.d@test.dev`,
    });
  });

  it('filters by status, method and provider: the counts keep every status, the total amount follows the filter', async () => {
    const completed = await list(`q=${tag}&status=completed`);
    expect(ids(completed).sort()).toEqual([cheap.id, dear.id, mock.id].sort());
    expect(completed.stats).toMatchObject({ counts: { pending: 1, completed: 3 }, totalAmount: 45.5 });
    expect(ids(await list(`q=${tag}&status=pending`))).toEqual([open.id]);
    expect((await list(`q=${tag}&provider=sandbox`)).total).toBe(3);
    expect(ids(await list(`q=${tag}&provider=test`))).toEqual([mock.id]);
    expect((await list(`q=${tag}&method=card&status=completed`)).stats.totalAmount).toBe(40);
    expect((await list(`q=${tag}&provider=stripe`)).stats).toMatchObject({ counts: { completed: 0 }, totalAmount: 0 });
  });

  it('sorts by amount, status and date either way, and pages', async () => {
    expect(ids(await list(`q=${tag}&sort=amount&order=asc`))).toEqual([mock.id, cheap.id, open.id, dear.id]);
    expect(ids(await list(`q=${tag}&sort=amount&order=desc`))).toEqual([dear.id, open.id, cheap.id, mock.id]);
    expect(ids(await list(`q=${tag}&sort=status&order=desc`))[0]).toBe(open.id);
    expect(ids(await list(`q=${tag}&sort=createdAt&order=asc`))).toEqual([cheap.id, dear.id, open.id, mock.id]);
    const page = await list(`q=${tag}&sort=amount&order=asc&limit=2&offset=2`);
    expect([ids(page), page.total]).toEqual([[open.id, dear.id], 4]);
  });

  it('finds a payment by its id, a 12-character start of it, its order’s id or its reference', async () => {
    expect(ids(await list(`q=${dear.id}`))).toEqual([dear.id]);
    expect(ids(await list(`q=${dear.id.slice(0, 12)}`))).toContain(dear.id);
    expect(ids(await list(`q=${dear.orderId}`))).toEqual([dear.id]);
    expect(ids(await list(`q=${dear.reference}`))).toEqual([dear.id]);
    expect(ids(await list(`q=${dear.reference!.slice(0, 20)}`))).toContain(dear.id);
    expect((await list(`q=${tag}.nobody`)).total).toBe(0);
  });

  it('refuses a bad query with a sentence naming the parameter', async () => {
    for (const [query, field] of [
      ['limit=201', 'limit'],
      ['status=paid', 'status'],
      ['sort=method', 'sort'],
      ['offset=-1', 'offset'],
    ]) {
      const res = await t.call('GET', `/api/payments?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json()).toMatchObject({ code: 'validation', fields: { [field!]: expect.any(String) } });
    }
  });
});

describe('GET /api/payments/{id}', () => {
  it('answers the payment with its order and a timeline of what happened', async () => {
    const paid = await buildPayment(t, { product: { priceFiat: '12.00' } });
    expect(paid).toMatchObject({
      status: 'completed',
      amount: 12,
      refunds: [],
      order: { id: paid.orderId, status: 'paid', amountFiat: 12 },
    });
    expect(paid.events.map((e) => e.type)).toEqual(['created', 'confirmed']);
    expect(paid.events[1]).toMatchObject({ reference: paid.reference, createdAt: expect.any(String) });
    expect(await detail(paid.id)).toEqual(paid);
  });

  it('records each refused card: one without the funds, then a card that pays; a card declined twice', async () => {
    const retried = await buildPayment(t, { card: SANDBOX_CARDS.insufficientFunds });
    await t.call('POST', `/api/payments/sandbox/${retried.id}/confirm`, {
      as: null,
      body: { cardNumber: SANDBOX_CARDS.succeeds, expiry: '12/39', cvc: '123', name: 'X' },
    });
    expect((await detail(retried.id)).events).toMatchObject([
      { type: 'created' },
      { type: 'refused', code: 'insufficient_funds', reason: expect.stringMatching(/insufficient funds/) },
      { type: 'confirmed' },
    ]);
    const declined = await buildPayment(t, { card: SANDBOX_CARDS.declined });
    expect(declined.status).toBe('pending');
    await t.call('POST', `/api/payments/sandbox/${declined.id}/confirm`, {
      as: null,
      body: { cardNumber: SANDBOX_CARDS.declined, expiry: '12/39', cvc: '123', name: 'X' },
    });
    expect((await detail(declined.id)).events).toMatchObject([
      { type: 'created' },
      { type: 'refused', code: 'card_declined', reason: 'Your card was declined. Try another card.' },
      { type: 'refused', code: 'card_declined' },
    ]);
  });

  it('shows a mock order’s test payment as created and confirmed; 404 for an unknown payment', async () => {
    const order = await buildOrder(t, { paid: true });
    expect((await detail(order.payment!.id)).events.map((e) => e.type)).toEqual(['created', 'confirmed']);
    const res = await t.call('GET', `/api/payments/${UNKNOWN}`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'not_found', error: 'Payment not found.' });
  });

  it('tells the dates of a payment stored before timelines were kept', async () => {
    const order = await buildOrder(t, { paid: true });
    await t.db.execute(sql`delete from payment_events where payment_id = ${order.payment!.id}`);
    expect((await detail(order.payment!.id)).events).toMatchObject([
      { type: 'created' },
      { type: 'confirmed', reference: 'mock' },
    ]);
  });
});

describe('POST /api/payments/{id}/refund', () => {
  it('refunds part, then the rest: the payment and the order turn refunded, each refund recorded', async () => {
    const payment = await buildPayment(t, { product: { priceFiat: '10.00' } });
    const currency = { currency: payment.currency };
    const [refundsBefore, amountBefore] = [
      await metricValue(refundsMade, currency),
      await metricValue(refundedAmount, currency),
    ];
    const first = await refund(payment.id, { amount: 4, reason: 'One item damaged' });
    expect(first.statusCode, first.body).toBe(200);
    // The metrics' business counters (issue 40) move where the refund is recorded.
    expect((await metricValue(refundsMade, currency)) - refundsBefore).toBe(1);
    expect((await metricValue(refundedAmount, currency)) - amountBefore).toBe(400);
    expect(first.json()).toMatchObject({
      ok: true,
      refund: {
        amount: 4,
        reason: 'One item damaged',
        reference: expect.stringMatching(/^sandbox_re_/),
        by: expect.stringMatching(/^finance\./),
      },
      payment: { status: 'completed', refunded: 4, refundable: 6, order: { status: 'paid' } },
    });
    expect(await orderStatus(payment.orderId!)).toBe('paid');

    const rest = await refund(payment.id, { amount: '6.00', reason: 'Customer returned the rest' }, { as: 'admin' });
    expect(rest.statusCode, rest.body).toBe(200);
    const after = rest.json().payment as PaymentDetail;
    expect(after).toMatchObject({ status: 'refunded', refunded: 10, refundable: 0, order: { status: 'refunded' } });
    expect(after.refunds.map((r) => [r.amount, r.reason])).toEqual([
      [4, 'One item damaged'],
      [6, 'Customer returned the rest'],
    ]);
    expect(after.events.map((e) => [e.type, e.amount])).toEqual([
      ['created', null],
      ['confirmed', null],
      ['refunded', 4],
      ['refunded', 6],
    ]);
    expect(await paymentRow(payment.id)).toMatchObject({ refundedCents: 1000, status: 'refunded' });
    expect(await orderStatus(payment.orderId!)).toBe('refunded');
    const audit = await t.db.select().from(auditEvents).where(eq(auditEvents.entityId, payment.id));
    expect(audit.filter((a) => a.action === 'payment.refund')).toHaveLength(2);
  });

  it('refuses more than the payment or than is left: a sentence naming the amount, nothing changed', async () => {
    const payment = await buildPayment(t, { product: { priceFiat: '10.00' } });
    let before = await state(payment);
    const over = await refund(payment.id, { amount: 10.01, reason: 'Too much' });
    expect(over.statusCode).toBe(400);
    expect(over.json()).toMatchObject({
      code: 'validation',
      error: 'Invalid field "amount": Amount can be at most 10.00 USD, the amount of the payment.',
      fields: { amount: 'Amount can be at most 10.00 USD, the amount of the payment.' },
    });
    expect(await state(payment)).toEqual(before);
    expect((await refund(payment.id, { amount: 7, reason: 'Part' })).statusCode).toBe(200);
    before = await state(payment);
    const left = await refund(payment.id, { amount: 3.01, reason: 'More than is left' });
    expect(left.statusCode).toBe(409);
    expect(left.json()).toMatchObject({
      code: 'refund_exceeds_remaining',
      fields: { amount: 'Amount can be at most 3.00 USD, what is left of this payment after its refunds.' },
    });
    expect(await state(payment)).toEqual(before);
  });

  it.each([
    [{ reason: 'No amount' }, 'amount', 'Amount is required.'],
    [{ amount: 0, reason: 'Nothing' }, 'amount', 'Amount must be more than 0.'],
    [{ amount: -1, reason: 'Negative' }, 'amount', 'Amount must be a number ≥ 0 with at most 2 decimals.'],
    [{ amount: 1.234, reason: 'Fractions' }, 'amount', 'Amount must be a number ≥ 0 with at most 2 decimals.'],
    [{ amount: 1 }, 'reason', 'Reason is required.'],
    [{ amount: 1, reason: '   ' }, 'reason', 'Reason is required.'],
    [{ amount: 1, reason: 'x'.repeat(501) }, 'reason', 'Reason can be at most 500 characters.'],
  ])('refuses %j: 400 naming %s', async (body, field, sentence) => {
    const payment = await buildPayment(t);
    const before = await state(payment);
    const res = await refund(payment.id, body);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'validation',
      error: `Invalid field "${field}": ${sentence}`,
      fields: { [field]: sentence },
    });
    expect(await state(payment)).toEqual(before);
  });

  it('refunds only a completed payment: pending, failed and refunded ones are a 409 with a sentence', async () => {
    const pending = await buildPayment(t, { card: null });
    const failed = await buildPayment(t, { card: null });
    await failPendingOrder(t.db, failed.orderId!, null);
    const done = await buildPayment(t, { product: { priceFiat: '2.00' } });
    await refund(done.id, { amount: 2, reason: 'All of it' });
    for (const [payment, code, sentence] of [
      [pending, 'payment_not_refundable', 'This payment is pending: only a completed payment can be refunded.'],
      [failed, 'payment_not_refundable', 'This payment is failed: only a completed payment can be refunded.'],
      [done, 'payment_refunded', 'This payment has already been refunded in full.'],
    ] as const) {
      const before = await state(payment);
      const res = await refund(payment.id, { amount: 1, reason: 'Try' });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ code, error: sentence });
      expect(await state(payment)).toEqual(before);
    }
    expect((await refund(UNKNOWN, { amount: 1, reason: 'Try' })).json()).toMatchObject({
      code: 'not_found',
      error: 'Payment not found.',
    });
  });

  it('two refunds racing for the last amount: one wins, the others are a 409; the total never passes the amount', async () => {
    const payment = await buildPayment(t, { product: { priceFiat: '10.00' } });
    await refund(payment.id, { amount: 4, reason: 'First part' });
    const raced = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        refund(payment.id, { amount: 6, reason: `Racer ${i}` }, { as: i % 2 ? 'admin' : 'finance' }),
      ),
    );
    expect(raced.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    expect(await paymentRow(payment.id)).toMatchObject({ refundedCents: 1000, status: 'refunded' });
    expect((await refundRows(payment.id)).map((r) => r.amountCents)).toEqual([400, 600]);

    const split = await buildPayment(t, { product: { priceFiat: '10.00' } });
    const parts = await Promise.all(
      Array.from({ length: 5 }, () => refund(split.id, { amount: 3, reason: 'A third' })),
    );
    expect(parts.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 409, 409]);
    expect(await paymentRow(split.id)).toMatchObject({ refundedCents: 900, status: 'completed' });
  });

  it('honours an Idempotency-Key: a retry answers the first refund, another body under the key is a 422', async () => {
    const payment = await buildPayment(t, { product: { priceFiat: '10.00' } });
    const key = randomUUID();
    const body = { amount: 2.5, reason: 'Late delivery' };
    const first = await refund(payment.id, body, { key });
    const again = await refund(payment.id, body, { key });
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect((await refund(payment.id, { ...body, amount: 3 }, { key })).statusCode).toBe(422);
    expect((await refundRows(payment.id)).map((r) => r.amountCents)).toEqual([250]);
    expect((await refund(payment.id, body, { key: randomUUID() })).json().payment.refunded).toBe(5);
  });

  it('a full refund cancels the order’s unsigned mints and gives back the stock of every line without a token', async () => {
    const goods = await buildProduct(t, { stock: 10 });
    const token = await buildProduct(t, { stock: 10, tokenId: '501' });
    const minted = await buildProduct(t, { stock: 10, tokenId: '502' });
    const payment = await buildPayment(t, {
      items: [
        { productId: goods.id, qty: 2 },
        { productId: token.id, qty: 3 },
        { productId: minted.id, qty: 1 },
      ],
      walletAddress: freshWallet(),
    });
    expect([await stockOf(goods.id), await stockOf(token.id), await stockOf(minted.id)]).toEqual([8, 7, 9]);
    const jobs = await t.db.select().from(mintJobs).where(eq(mintJobs.orderId, payment.orderId!));
    const signed = jobs.find((j) => j.productId === minted.id)!;
    // The worker signed this one already: it may be on the chain, so it stays.
    await t.db
      .update(mintJobs)
      .set({ status: 'processing', signedTx: '0x01', txHash: `0x${'cd'.repeat(32)}` })
      .where(eq(mintJobs.id, signed.id));

    const res = await refund(payment.id, { amount: payment.amount, reason: 'Order cancelled' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().payment.order.status).toBe('refunded');
    const after = await t.db.select().from(mintJobs).where(eq(mintJobs.orderId, payment.orderId!));
    expect(after.find((j) => j.productId === token.id)).toMatchObject({
      status: 'failed',
      lastError: 'Cancelled: the order was refunded.',
      signedTx: null,
    });
    expect(after.find((j) => j.id === signed.id)).toMatchObject({ status: 'processing', lastError: null });
    expect([await stockOf(goods.id), await stockOf(token.id), await stockOf(minted.id)]).toEqual([10, 10, 9]);

    const cancelled = after.find((j) => j.productId === token.id)!;
    const retry = await t.call('POST', `/api/mint-jobs/${cancelled.id}/retry`, { as: 'operator' });
    expect(retry.statusCode).toBe(409);
    expect(retry.json().error).toBe('This job’s order was refunded, so its token is not minted.');
  });

  it('refunds a mock order’s test payment without a provider; a provider not configured here refuses', async () => {
    const order = await buildOrder(t, { paid: true, product: { priceFiat: '8.00', stock: 5 } });
    const res = await refund(order.payment!.id, { amount: 8, reason: 'Test order' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      refund: { reference: null },
      payment: { status: 'refunded', order: { status: 'refunded' } },
    });
    expect(await stockOf(order.items[0]!.productId)).toBe(5);

    const stripe = await buildOrder(t, { paid: true });
    await t.db
      .update(payments)
      .set({ provider: 'stripe', method: 'stripe', reference: 'pi_123' })
      .where(eq(payments.id, stripe.payment!.id));
    const payment = await detail(stripe.payment!.id);
    expect(payment.dashboardUrl).toBe('https://dashboard.stripe.com/test/payments/pi_123');
    // The page says beforehand why the refund cannot be made here.
    expect(payment).toMatchObject({
      refundWay: 'provider',
      refundUnavailable: { messageCode: 'provider_not_configured', message: 'Stripe is not configured.' },
    });
    const before = await state(payment);
    const refused = await refund(payment.id, { amount: 1, reason: 'Try' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ code: 'provider_not_configured', error: 'Stripe is not configured.' });
    expect(await state(payment)).toEqual(before);
  });

  it('records the refund of a bank transfer: its bank reference is required, who and when are kept', async () => {
    const order = await buildOrder(t, { paid: true, product: { priceFiat: '60.00', stock: 5 } });
    await t.db
      .update(payments)
      .set({ provider: 'bank', method: 'bank', reference: 'TRF-1' })
      .where(eq(payments.id, order.payment!.id));
    const payment = await detail(order.payment!.id);
    expect(payment).toMatchObject({ refundWay: 'recorded', refundUnavailable: null });
    const before = await state(payment);
    const missing = await refund(payment.id, { amount: 10, reason: 'Returned' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ fields: { reference: expect.any(String) } });
    expect(missing.json().error).toMatch(/Reference is required/);
    expect(missing.body).not.toMatch(/undefined/);
    expect(await state(payment)).toEqual(before);

    const res = await refund(payment.id, { amount: 10, reason: 'Returned', reference: ' BANK-REF-77 ' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      refund: { amount: 10, reason: 'Returned', reference: 'BANK-REF-77', by: expect.stringMatching(/^finance/) },
      payment: { status: 'completed', refunded: 10, refundable: 50 },
    });
    const [row] = await refundRows(payment.id);
    expect(row).toMatchObject({ amountCents: 1000, reference: 'BANK-REF-77' });
    expect(row!.createdBy).not.toBeNull();
    expect(Date.now() - row!.createdAt.getTime()).toBeLessThan(60_000);
  });

  it('a Coinbase payment is recorded too; a points payment gives its redemption’s points back', async () => {
    const coinbase = await buildOrder(t, { paid: true, product: { priceFiat: '9.00', stock: 5 } });
    await t.db
      .update(payments)
      .set({ provider: 'coinbase', method: 'coinbase' })
      .where(eq(payments.id, coinbase.payment!.id));
    const done = await refund(coinbase.payment!.id, { amount: 9, reason: 'Cancelled', reference: 'CB-9' });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().payment).toMatchObject({ status: 'refunded', order: { status: 'refunded' } });

    // A member redeems points for a product; staff approve, which makes a zero-price order paid by points.
    const memberUser = await buildUser(t);
    const product = await buildProduct(t, { priceFiat: '0.40', stock: 5 });
    const added = await t.call('POST', '/api/membership/points/add', {
      as: 'admin',
      body: { userId: memberUser.id, amount: 100, reason: 'Welcome' },
    });
    expect(added.statusCode, added.body).toBeLessThan(300);
    const token = (await t.login(memberUser.email)).json().token as string;
    const asked = await t.call('POST', '/api/redemptions', { token, body: { productId: product.id, quantity: 1 } });
    expect(asked.statusCode, asked.body).toBeLessThan(300);
    const redemptionId = asked.json().redemption.id as string;
    const approved = await t.call('PUT', `/api/redemptions/${redemptionId}/status`, {
      as: 'admin',
      body: { status: 'APPROVED' },
    });
    expect(approved.statusCode, approved.body).toBe(200);
    const [paidBy] = await t.db.select().from(payments).where(eq(payments.provider, 'points'));
    const payment = await detail(paidBy!.id);
    expect(payment).toMatchObject({ refundWay: 'points', refundUnavailable: null, amount: 0 });
    const pointsOf = async () =>
      (await t.db.select().from(members).where(eq(members.userId, memberUser.id)))[0]?.pointsBalance ?? 0;
    const before = await pointsOf();
    const res = await refund(payment.id, { amount: 0, reason: 'Out of stock after all' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().payment).toMatchObject({ status: 'refunded', order: { status: 'refunded' } });
    expect((await pointsOf()) - before).toBe(asked.json().redemption.pointsUsed);
    const again = await refund(payment.id, { amount: 0, reason: 'Twice' });
    expect(again.statusCode).toBe(409);
    expect((await pointsOf()) - before).toBe(asked.json().redemption.pointsUsed);
    expect(res.body).not.toMatch(/undefined/);
  });

  it('filters by the days the money moved, in the site’s timezone; offers every provider in the data', async () => {
    const tag = `day${Date.now().toString(36)}`;
    const early = await buildPayment(t, { email: `${tag}.a@test.dev`, product: { priceFiat: '11.00' } });
    const late = await buildPayment(t, { email: `${tag}.b@test.dev`, product: { priceFiat: '13.00' } });
    // 23:30 UTC on 10 March 2026 is 07:30 on the 11th in Shanghai.
    await t.db
      .update(payments)
      .set({ completedAt: new Date('2026-03-10T23:30:00Z') })
      .where(eq(payments.id, early.id));
    await t.db
      .update(payments)
      .set({ completedAt: new Date('2026-03-12T12:00:00Z') })
      .where(eq(payments.id, late.id));
    const day = async (query: string) => ids(await list(`q=${tag}&${query}`)).sort();
    expect(await day('from=2026-03-10&to=2026-03-10')).toEqual([early.id]);
    expect(await day('from=2026-03-11')).toEqual([late.id]);
    expect(await day('to=2026-03-11')).toEqual([early.id]);
    const within = await list(`q=${tag}&from=2026-03-01&to=2026-03-31`);
    expect(within.stats).toMatchObject({ totalAmount: 24, net: 24 });
    const admin = { as: 'admin' as const };
    const current = (await t.call('GET', '/api/settings', admin)).json().settings;
    await t.call('PUT', '/api/settings', { ...admin, body: { ...current, timezone: 'Asia/Shanghai' } });
    try {
      expect(await day('from=2026-03-11&to=2026-03-11')).toEqual([early.id]);
      const csv = await t.call('GET', `/api/payments/export.csv?q=${tag}&from=2026-03-11&to=2026-03-11`, {
        as: 'finance',
      });
      expect(csv.body).toContain(early.id);
      expect(csv.body).toContain(`${tag}.a@test.dev`);
      expect(csv.body).not.toContain(late.id);
    } finally {
      await t.call('PUT', '/api/settings', { ...admin, body: current });
    }
    for (const bad of ['from=2026-02-30', 'from=yesterday', 'from=2026-03-12&to=2026-03-11']) {
      const res = await t.call('GET', `/api/payments?${bad}`, { as: 'finance' });
      expect(res.statusCode, bad).toBe(400);
    }
    await t.db.update(payments).set({ provider: 'bank', method: 'bank' }).where(eq(payments.id, early.id));
    const providers = (await list('limit=1')).stats as unknown as { providers: string[] };
    expect(providers.providers).toEqual(expect.arrayContaining(['bank', 'sandbox']));
    expect([...providers.providers].sort()).toEqual(providers.providers);
  });

  it('is for finance and admins: operators read payments but may not refund; shoppers see none', async () => {
    const payment = await buildPayment(t);
    const before = await state(payment);
    expect((await refund(payment.id, { amount: 1, reason: 'No' }, { as: 'operator' })).statusCode).toBe(403);
    for (const url of ['/api/payments', `/api/payments/${payment.id}`])
      expect((await t.call('GET', url, { as: 'user' })).statusCode).toBe(403);
    expect(await state(payment)).toEqual(before);
  });
});

describe('the payments’ own rate limit (PAYMENT_RATE_LIMIT_MAX)', () => {
  let slow: TestApp;
  beforeAll(async () => {
    slow = await createTestApp({ PAYMENT_RATE_LIMIT_MAX: '2' });
  });
  afterAll(async () => {
    await slow?.close();
  });

  it('past the limit a refund is a 429 "Too many payment requests…" (code payment_rate_limited) and gives nothing back', async () => {
    const payment = await buildPayment(slow, { product: { priceFiat: 30 } });
    const call = () =>
      slow.call('POST', `/api/payments/${payment.id}/refund`, {
        as: 'finance',
        body: { amount: 1, reason: 'Goodwill' },
      });
    expect((await call()).statusCode).toBe(200);
    expect((await call()).statusCode).toBe(200);
    const third = await call();
    expect(third.statusCode).toBe(429);
    expect(third.json()).toMatchObject({
      ok: false,
      code: 'payment_rate_limited',
      error: 'Too many payment requests: wait a minute, then try again.',
    });
    const [row] = await slow.db.select().from(payments).where(eq(payments.id, payment.id));
    expect(row!.refundedCents).toBe(200);
    // Reading payments is not limited by it.
    expect((await slow.call('GET', `/api/payments/${payment.id}`, { as: 'finance' })).statusCode).toBe(200);
  });
});
