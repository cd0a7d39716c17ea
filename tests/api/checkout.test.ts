import { randomUUID } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_CARDS } from '../../src/common/checkout.js';
import {
  auditEvents,
  coupons,
  emailMessages,
  mintJobs,
  notifications,
  orders,
  paymentEvents,
  payments,
  products,
} from '../../server/db/schema.js';
import { markOrderPaid } from '../../server/modules/orders/service.js';
import { expireCheckouts } from '../../server/modules/checkout/sweeper.js';
import { buildCoupon, buildProduct, buildUser, freshWallet, PASSWORD } from './factories.js';
import { createTestApp, type TestApp } from './harness.js';
import { shortId } from '../../src/common/ids.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

type Body = Record<string, unknown>;
const GOOD_CARD = { cardNumber: '4242 4242 4242 4242', expiry: '12/39', cvc: '123', name: 'Ada Buyer' };

const checkout = (body: Body, opts: { key?: string | null; token?: string } = {}) =>
  t.call('POST', '/api/checkout/session', {
    as: null,
    token: opts.token,
    body,
    headers: opts.key === null ? {} : { 'idempotency-key': opts.key ?? randomUUID() },
  });
const confirm = (paymentId: string, card: Body = GOOD_CARD) =>
  t.call('POST', `/api/payments/sandbox/${paymentId}/confirm`, { as: null, body: card });
const poll = (orderId: string, opts: { secret?: string; token?: string } = {}) =>
  t.call('GET', `/api/checkout/order/${orderId}`, {
    as: null,
    token: opts.token,
    headers: opts.secret ? { 'x-checkout-secret': opts.secret } : {},
  });

const cart = (productId: string, qty = 1, extra: Body = {}): Body => ({
  items: [{ productId, qty }],
  email: 'Guest@Example.com',
  provider: 'sandbox',
  ...extra,
});
const orderRow = async (id: string) => (await t.db.select().from(orders).where(eq(orders.id, id)))[0]!;
const paymentRow = async (id: string) => (await t.db.select().from(payments).where(eq(payments.id, id)))[0]!;
const stockOf = async (id: string) =>
  (await t.db.select({ s: products.stock }).from(products).where(eq(products.id, id)))[0]!.s;
const couponRow = async (id: string) => (await t.db.select().from(coupons).where(eq(coupons.id, id)))[0]!;
const count = async (table: typeof orders | typeof payments | typeof mintJobs | typeof auditEvents) =>
  Number((await t.db.select({ n: sql<string>`count(*)` }).from(table))[0]!.n);
/** Rows that a refused request must not touch. */
const snapshot = async () => ({
  orders: await count(orders),
  payments: await count(payments),
  mints: await count(mintJobs),
  products: await t.db.select().from(products).orderBy(asc(products.id)),
  coupons: await t.db.select().from(coupons).orderBy(asc(coupons.id)),
});

describe('a guest buys with the card sandbox', () => {
  it('reserves stock, pays with 4242…, and the order is paid; the secret lets the guest poll it', async () => {
    const gold = await buildProduct(t, { priceFiat: '19.99', stock: 5 });
    const res = await checkout(cart(gold.id, 2, { returnUrl: '/shop/done?from=pay' }));
    expect(res.statusCode, res.body).toBe(201);
    const session = res.json();
    expect(session).toMatchObject({
      ok: true,
      orderId: expect.any(String),
      paymentId: expect.any(String),
      provider: 'sandbox',
      amount: 39.98,
      currency: 'USD',
      checkoutSecret: expect.stringMatching(/^[\w-]{40,}$/),
      expiresAt: expect.any(String),
    });
    expect(session.redirectUrl).toBe(`/pay/sandbox/${session.paymentId}`);
    expect(Date.parse(session.expiresAt) - Date.now()).toBeGreaterThan(29 * 60_000);
    expect(await stockOf(gold.id)).toBe(3);
    expect(await orderRow(session.orderId)).toMatchObject({
      status: 'pending',
      userId: null,
      customerEmail: 'guest@example.com',
      amountCents: 3998,
      qty: 2,
    });

    const page = await t.call('GET', `/api/payments/sandbox/${session.paymentId}`, { as: null });
    expect(page.json().payment).toMatchObject({
      id: session.paymentId,
      orderId: session.orderId,
      amount: 39.98,
      status: 'pending',
      siteName: expect.any(String),
      items: [{ title: gold.title, qty: 2, lineTotal: 39.98 }],
      returnUrl: '/shop/done?from=pay',
      cancelUrl: '/shop/cart',
    });

    const paid = await confirm(session.paymentId);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toMatchObject({
      ok: true,
      payment: { status: 'completed' },
      redirectUrl: `/shop/done?from=pay&orderId=${session.orderId}`,
    });
    expect(await orderRow(session.orderId)).toMatchObject({ status: 'paid', paidAt: expect.any(Date) });
    expect(await paymentRow(session.paymentId)).toMatchObject({
      status: 'completed',
      reference: expect.stringMatching(/^sandbox_ch_/),
      test: true,
    });

    const polled = await poll(session.orderId, { secret: session.checkoutSecret });
    expect(polled.statusCode, polled.body).toBe(200);
    expect(polled.json().order).toMatchObject({
      id: session.orderId,
      status: 'paid',
      payment: { status: 'completed' },
      items: [{ qty: 2 }],
    });
  });

  it('the hosted page shows what makes the amount due: subtotal, the coupon’s discount, tax and shipping', async () => {
    const gold = await buildProduct(t, { priceFiat: '100.00', stock: 5 });
    const coupon = await buildCoupon(t, { discountValue: 10 });
    const session = (await checkout(cart(gold.id, 2, { couponCode: coupon.code }))).json();
    const order = await orderRow(session.orderId);
    const page = (await t.call('GET', `/api/payments/sandbox/${session.paymentId}`, { as: null })).json().payment;
    expect(page).toMatchObject({
      amount: session.amount,
      subtotal: 200,
      discount: 20,
      memberDiscount: 0,
      couponCode: coupon.code,
      tax: order.taxCents / 100,
      shipping: order.shippingCents / 100,
      items: [{ qty: 2, lineTotal: 200 }],
    });
    expect(Math.round((page.subtotal - page.discount + page.tax + page.shipping) * 100)).toBe(order.amountCents);
  });

  it('a second confirmation of the same payment changes nothing (409), even when racing', async () => {
    const gold = await buildProduct(t, { stock: 5 });
    const session = (await checkout(cart(gold.id))).json();
    const answers = await Promise.all(Array.from({ length: 6 }, () => confirm(session.paymentId)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    const before = await snapshot();
    const again = await confirm(session.paymentId, { ...GOOD_CARD, cardNumber: SANDBOX_CARDS.declined });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'payment_not_pending',
      error: 'This payment has already been completed.',
    });
    expect(await snapshot()).toEqual(before);
    expect(await orderRow(session.orderId)).toMatchObject({ status: 'paid' });
  });

  it('a token line needs a valid wallet, and paying queues its mint to that wallet', async () => {
    const token = await buildProduct(t, { tokenId: '77', stock: 10 });
    const before = await snapshot();
    for (const [walletAddress, sentence] of [
      [undefined, /is tokenised: a wallet address is required/],
      ['0x123', /not a valid EVM address/],
    ] as const) {
      const res = await checkout(cart(token.id, 1, { walletAddress }));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        error: expect.stringMatching(sentence),
        fields: { walletAddress: expect.any(String) },
      });
    }
    expect(await snapshot()).toEqual(before);
    const wallet = freshWallet();
    const session = (await checkout(cart(token.id, 3, { walletAddress: wallet }))).json();
    await confirm(session.paymentId);
    const jobs = await t.db.select().from(mintJobs).where(eq(mintJobs.orderId, session.orderId));
    expect(jobs).toMatchObject([{ walletAddress: wallet, tokenId: '77', amount: '3', status: 'queued' }]);
  });

  it('prices from the stored products: a price or total in the request is ignored', async () => {
    const gold = await buildProduct(t, { priceFiat: '250.00', stock: 5 });
    const res = await checkout({
      ...cart(gold.id),
      items: [{ productId: gold.id, qty: 1, unitPrice: 0.01, price: 0.01 }],
      total: 0.01,
      amount: 0.01,
    });
    expect(res.json().amount).toBe(250);
    expect((await orderRow(res.json().orderId)).amountCents).toBe(25000);
  });

  it('a logged-in shopper’s checkout is theirs: in their own orders and pollable with their token', async () => {
    const shopper = await buildUser(t);
    const token = (await t.login(shopper.email, PASSWORD)).json().token as string;
    const gold = await buildProduct(t, { stock: 5 });
    const session = (await checkout(cart(gold.id, 1, { email: shopper.email }), { token })).json();
    expect((await orderRow(session.orderId)).userId).toBe(shopper.id);
    expect((await poll(session.orderId, { token })).statusCode).toBe(200);
    const own = (await t.call('GET', '/api/shop/orders', { token })).json();
    expect(own.orders.map((o: { id: string }) => o.id)).toContain(session.orderId);
  });

  it('the card that pays tells the buyer: a guest by email; a shopper in the app and by email, with the audit row', async () => {
    const gold = await buildProduct(t, { priceFiat: '12.50', stock: 5 });
    const guest = (await checkout(cart(gold.id, 1, { email: 'told-guest@example.com' }))).json();
    expect((await confirm(guest.paymentId)).statusCode).toBe(200);
    const shopper = await buildUser(t);
    const token = (await t.login(shopper.email, PASSWORD)).json().token as string;
    const own = (await checkout(cart(gold.id, 1, { email: shopper.email }), { token })).json();
    expect((await confirm(own.paymentId)).statusCode).toBe(200);

    const title = (id: string) => `Order ${shortId(id)} is paid`;
    const guestMail = await t.db
      .select()
      .from(emailMessages)
      .where(eq(emailMessages.toAddress, 'told-guest@example.com'));
    expect(guestMail).toEqual([
      expect.objectContaining({ userId: null, subject: title(guest.orderId), status: 'queued' }),
    ]);
    expect(guestMail[0]!.body).toContain(`12.50 USD for order ${guest.orderId}`);
    const shopperMail = await t.db.select().from(emailMessages).where(eq(emailMessages.toAddress, shopper.email));
    expect(shopperMail).toEqual([expect.objectContaining({ userId: shopper.id, subject: title(own.orderId) })]);
    const inApp = await t.db.select().from(notifications).where(eq(notifications.userId, shopper.id));
    expect(inApp).toEqual([expect.objectContaining({ title: title(own.orderId), link: '/shop/account' })]);
    const paidAudit = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entityId, own.orderId), eq(auditEvents.action, 'order.paid')));
    expect(paidAudit).toEqual([
      expect.objectContaining({ entity: 'order', data: { method: 'card', provider: 'sandbox' } }),
    ]);
  });
});

describe('declined and refused cards', () => {
  const DECLINED = { ...GOOD_CARD, cardNumber: '4000 0000 0000 0002' };
  const POOR = { ...GOOD_CARD, cardNumber: SANDBOX_CARDS.insufficientFunds };
  const timeline = async (paymentId: string) =>
    (
      await t.db
        .select()
        .from(paymentEvents)
        .where(eq(paymentEvents.paymentId, paymentId))
        .orderBy(asc(paymentEvents.id))
    ).map((e) => [e.type, e.code]);

  it('a declined card changes nothing but the timeline: order, payment, stock and coupon hold stay; another card pays', async () => {
    const gold = await buildProduct(t, { stock: 4 });
    const coupon = await buildCoupon(t, { usageLimit: 1 });
    const session = (await checkout(cart(gold.id, 3, { couponCode: coupon.code }))).json();
    const before = {
      order: await orderRow(session.orderId),
      payment: await paymentRow(session.paymentId),
      stock: await snapshot(),
    };
    for (const attempt of [1, 2]) {
      const res = await confirm(session.paymentId, DECLINED);
      expect(res.statusCode, `attempt ${attempt}`).toBe(402);
      expect(res.json()).toMatchObject({
        ok: false,
        code: 'card_declined',
        error: 'Your card was declined. Try another card.',
        messageCode: 'card_declined',
      });
    }
    expect(await orderRow(session.orderId)).toEqual(before.order);
    expect(await paymentRow(session.paymentId)).toEqual(before.payment);
    expect(await snapshot()).toEqual(before.stock);
    expect([await stockOf(gold.id), (await couponRow(coupon.id)).reservedCount]).toEqual([1, 1]);

    const paid = await confirm(session.paymentId);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toMatchObject({
      payment: { status: 'completed' },
      redirectUrl: `/shop/checkout/complete?orderId=${session.orderId}`,
    });
    expect(await orderRow(session.orderId)).toMatchObject({ status: 'paid' });
    expect(await timeline(session.paymentId)).toEqual([
      ['created', null],
      ['refused', 'card_declined'],
      ['refused', 'card_declined'],
      ['confirmed', null],
    ]);
    expect([await stockOf(gold.id), (await couponRow(coupon.id)).usedCount]).toEqual([1, 1]);
  });

  it('insufficient funds refuses the attempt and keeps the payment open for another card', async () => {
    const gold = await buildProduct(t, { stock: 4 });
    const session = (await checkout(cart(gold.id))).json();
    const res = await confirm(session.paymentId, POOR);
    expect(res.statusCode).toBe(402);
    expect(res.json()).toMatchObject({
      code: 'insufficient_funds',
      error: expect.stringMatching(/insufficient funds/),
    });
    expect(await orderRow(session.orderId)).toMatchObject({ status: 'pending' });
    expect(await paymentRow(session.paymentId)).toMatchObject({ status: 'pending' });
    expect((await confirm(session.paymentId)).statusCode).toBe(200);
    expect(await timeline(session.paymentId)).toEqual([
      ['created', null],
      ['refused', 'insufficient_funds'],
      ['confirmed', null],
    ]);
  });

  it('the fifth refused card closes the checkout: payment and order failed, holds released, a good card then a 409', async () => {
    const gold = await buildProduct(t, { stock: 4 });
    const coupon = await buildCoupon(t, { usageLimit: 1 });
    const session = (await checkout(cart(gold.id, 2, { couponCode: coupon.code }))).json();
    for (const card of [DECLINED, POOR, DECLINED, POOR]) {
      expect((await confirm(session.paymentId, card)).json()).toMatchObject({
        code: expect.stringMatching(/^(card_declined|insufficient_funds)$/),
      });
    }
    expect(await orderRow(session.orderId)).toMatchObject({ status: 'pending' });
    const fifth = await confirm(session.paymentId, DECLINED);
    expect(fifth.statusCode).toBe(402);
    expect(fifth.json()).toMatchObject({
      code: 'card_attempts_exhausted',
      messageCode: 'card_attempts_exhausted',
      params: { count: 5 },
      error: expect.stringMatching(/^Too many cards were refused \(5\)/),
    });
    expect(await orderRow(session.orderId)).toMatchObject({ status: 'failed' });
    expect(await paymentRow(session.paymentId)).toMatchObject({ status: 'failed' });
    expect([await stockOf(gold.id), (await couponRow(coupon.id)).reservedCount]).toEqual([4, 0]);
    const good = await confirm(session.paymentId);
    expect(good.statusCode).toBe(409);
    const events = await timeline(session.paymentId);
    expect(events.filter(([type]) => type === 'refused')).toHaveLength(5);
    expect(events.filter(([type]) => type === 'confirmed')).toEqual([]);
  });

  it('after a decline, cards submitted at once pay the order exactly once; the others are a 409 or a decline', async () => {
    const gold = await buildProduct(t, { stock: 4 });
    const session = (await checkout(cart(gold.id))).json();
    expect((await confirm(session.paymentId, DECLINED)).statusCode).toBe(402);
    const answers = await Promise.all(
      [GOOD_CARD, GOOD_CARD, DECLINED, GOOD_CARD, POOR, GOOD_CARD].map((card) => confirm(session.paymentId, card)),
    );
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.every((c) => c === 200 || c === 402 || c === 409)).toBe(true);
    expect(await orderRow(session.orderId)).toMatchObject({ status: 'paid' });
    const events = await timeline(session.paymentId);
    expect(events.filter(([type]) => type === 'confirmed')).toHaveLength(1);
    expect(events.at(-1)).toEqual(['confirmed', null]); // nothing is refused once paid
    expect(await stockOf(gold.id)).toBe(3);
  });

  it('a retry after the checkout expired is refused with a sentence, whether or not the sweeper came first', async () => {
    const gold = await buildProduct(t, { stock: 4 });
    const swept = (await checkout(cart(gold.id))).json();
    const late = (await checkout(cart(gold.id))).json();
    for (const s of [swept, late]) expect((await confirm(s.paymentId, DECLINED)).statusCode).toBe(402);
    const expire = (orderId: string) =>
      t.db
        .update(orders)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(orders.id, orderId));
    await expire(swept.orderId);
    expect(await expireCheckouts(t.db)).toBeGreaterThanOrEqual(1);
    await expire(late.orderId);
    for (const s of [swept, late]) {
      const before = await timeline(s.paymentId);
      const res = await confirm(s.paymentId);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({
        code: 'checkout_expired',
        error: 'This checkout has expired and its items went back on sale. Start a new checkout.',
      });
      expect(await orderRow(s.orderId)).toMatchObject({ status: 'failed' });
      expect(await paymentRow(s.paymentId)).toMatchObject({ status: 'failed' });
      expect((await timeline(s.paymentId)).filter(([type]) => type === 'confirmed')).toEqual([]);
      const again = await confirm(s.paymentId);
      expect(again.json()).toMatchObject({ code: 'checkout_expired' });
      expect((await timeline(s.paymentId)).length).toBe(before.length + (s === late ? 1 : 0)); // the late one failed now
    }
    expect(await stockOf(gold.id)).toBe(4);
  });

  it('a card that cannot be charged is a 400 naming the field, and the order stays pending', async () => {
    const gold = await buildProduct(t, { stock: 4 });
    const session = (await checkout(cart(gold.id))).json();
    const cases: [Body, string, string][] = [
      [{ cardNumber: '4242 4242 4242 4241' }, 'cardNumber', 'Your card number is invalid.'],
      [{ cardNumber: '4242' }, 'cardNumber', 'Invalid field "cardNumber": Card number must be 12 to 19 digits.'],
      [{ expiry: '01/20' }, 'expiry', 'Your card has expired.'],
      [{ expiry: '13/30' }, 'expiry', 'Invalid field "expiry": Expiry must be a month and year as MM/YY.'],
      [{ cvc: '12' }, 'cvc', 'Invalid field "cvc": CVC must be 3 or 4 digits.'],
      [{ name: '' }, 'name', 'Invalid field "name": Name on card is required.'],
    ];
    const before = await snapshot();
    for (const [change, field, sentence] of cases) {
      const res = await confirm(session.paymentId, { ...GOOD_CARD, ...change });
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(res.json(), JSON.stringify(change)).toMatchObject({
        error: sentence,
        fields: { [field]: expect.any(String) },
      });
    }
    expect(await snapshot()).toEqual(before);
    expect(await paymentRow(session.paymentId)).toMatchObject({ status: 'pending' });
  });

  it('an unknown payment, or one of another provider, is a 404', async () => {
    const unknown = randomUUID();
    expect((await t.call('GET', `/api/payments/sandbox/${unknown}`, { as: null })).statusCode).toBe(404);
    expect((await confirm(unknown)).json()).toMatchObject({ code: 'not_found', error: 'Payment not found.' });
  });
});

describe('the one place an order becomes paid (markOrderPaid)', () => {
  it('refuses a payment that is no longer pending with a 409 and changes nothing, even when its caller did not look', async () => {
    const gold = await buildProduct(t, { stock: 5 });
    const session = (await checkout(cart(gold.id))).json();
    await t.db.update(payments).set({ status: 'failed' }).where(eq(payments.id, session.paymentId));
    const events = async () =>
      (await t.db.select().from(paymentEvents).where(eq(paymentEvents.paymentId, session.paymentId))).map(
        (e) => e.type,
      );
    const before = { order: await orderRow(session.orderId), events: await events() };
    const paying = t.db.transaction((tx) =>
      markOrderPaid(tx, session.orderId, { paymentId: session.paymentId, method: 'card', provider: 'sandbox' }, null),
    );
    await expect(paying).rejects.toMatchObject({ status: 409, code: 'payment_not_pending' });
    expect(await orderRow(session.orderId)).toEqual(before.order);
    expect(await events()).toEqual(before.events);
    expect((await paymentRow(session.paymentId)).status).toBe('failed');
  });
});

describe('Idempotency-Key on checkout', () => {
  it('is required', async () => {
    const gold = await buildProduct(t, { stock: 4 });
    const before = await snapshot();
    const res = await checkout(cart(gold.id), { key: null });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      error: expect.stringMatching(/needs an Idempotency-Key header/),
      fields: { 'idempotency-key': 'Required.' },
    });
    expect(await snapshot()).toEqual(before);
  });

  it('the same key and body answer the first checkout again; another body is a 422; 50 racing repeats make one order', async () => {
    const gold = await buildProduct(t, { stock: 100 });
    const key = randomUUID();
    const repeats = await Promise.all(Array.from({ length: 50 }, () => checkout(cart(gold.id), { key })));
    const made = repeats.filter((r) => r.statusCode === 201);
    expect(new Set(made.map((r) => r.json().orderId)).size).toBe(1);
    expect(repeats.every((r) => r.statusCode === 201 || r.statusCode === 409)).toBe(true);
    expect(await stockOf(gold.id)).toBe(99);
    const replay = await checkout(cart(gold.id), { key });
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json()).toEqual(made[0]!.json()); // kept with the payment's insert
    expect((await checkout(cart(gold.id, 2), { key })).statusCode).toBe(422);
  });
});

describe('carts that cannot be bought', () => {
  it('refuses unknown, draft and short-of-stock lines with their sentences, naming each line, and creates nothing', async () => {
    const gold = await buildProduct(t, { stock: 2 });
    const draft = await buildProduct(t, { status: 'draft' });
    const before = await snapshot();
    const res = await checkout({
      ...cart(gold.id),
      items: [
        { productId: gold.id, qty: 3 },
        { productId: draft.id, qty: 1 },
        { productId: randomUUID(), qty: 1 },
      ],
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      code: 'cart_invalid',
      error: `Only 2 of "${gold.title}" left in stock.`,
      fields: {
        'items.0': `Only 2 of "${gold.title}" left in stock.`,
        'items.1': 'This product does not exist.',
        'items.2': 'This product does not exist.',
      },
    });
    expect(await snapshot()).toEqual(before);
  });

  it('validates every field with a sentence naming it', async () => {
    const gold = await buildProduct(t, { stock: 2 });
    const before = await snapshot();
    const cases: [Body, string, number][] = [
      [{ email: 'not-an-email' }, 'email', 400],
      [{ email: undefined }, 'email', 400],
      [{ provider: 'cash' }, 'provider', 400],
      [{ items: [] }, 'items', 400],
      [{ items: [{ productId: gold.id, qty: 0 }] }, 'items', 400],
      [{ returnUrl: 'https://elsewhere.example/steal' }, 'returnUrl', 400],
      [{ cancelUrl: '//elsewhere.example' }, 'cancelUrl', 400],
      [{ couponCode: 'NO-SUCH-CODE' }, 'couponCode', 422],
      [{ provider: 'stripe' }, 'provider', 422],
    ];
    for (const [change, field, status] of cases) {
      const res = await checkout({ ...cart(gold.id), ...change });
      expect(res.statusCode, `${JSON.stringify(change)} ${res.body}`).toBe(status);
      expect(
        Object.keys(res.json().fields ?? {}).some((k) => k === field || k.startsWith(`${field}.`)),
        res.body,
      ).toBe(true);
    }
    expect((await checkout({ ...cart(gold.id), provider: 'stripe' })).json().error).toBe('Stripe is not configured.');
    expect(await snapshot()).toEqual(before);
  });

  it('racing checkouts never sell more than the stock', async () => {
    const scarce = await buildProduct(t, { stock: 5 });
    const answers = await Promise.all(Array.from({ length: 12 }, () => checkout(cart(scarce.id))));
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(5);
    expect(answers.filter((a) => a.statusCode !== 201).every((a) => a.statusCode === 409 || a.statusCode === 422)).toBe(
      true,
    );
    expect(await stockOf(scarce.id)).toBe(0);
  });

  it('a coupon lowers the total; racing checkouts never take more uses than its limit', async () => {
    const gold = await buildProduct(t, { priceFiat: '100.00', stock: 50 });
    const coupon = await buildCoupon(t, { discountValue: 25, usageLimit: 3 });
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        checkout(cart(gold.id, 1, { couponCode: coupon.code, email: `racer${i}@example.com` })),
      ),
    );
    const made = answers.filter((a) => a.statusCode === 201);
    expect(made).toHaveLength(3);
    expect(made[0]!.json().amount).toBe(75);
    for (const m of made) await confirm(m.json().paymentId);
    expect(await couponRow(coupon.id)).toMatchObject({ usedCount: 3, reservedCount: 0 });
  });
});

describe('polling an order', () => {
  it('needs the login or the secret; anyone else reads not found', async () => {
    const gold = await buildProduct(t, { stock: 5 });
    const session = (await checkout(cart(gold.id))).json();
    expect((await poll(session.orderId)).statusCode).toBe(401);
    expect((await poll(session.orderId, { secret: 'wrong' })).json()).toMatchObject({
      code: 'not_found',
      error: 'Order not found.',
    });
    const other = await buildUser(t);
    const otherToken = (await t.login(other.email, PASSWORD)).json().token as string;
    expect((await poll(session.orderId, { token: otherToken })).statusCode).toBe(404);
    expect((await poll(randomUUID(), { secret: session.checkoutSecret })).statusCode).toBe(404);
    for (const role of ['admin', 'finance', 'operator'] as const) {
      expect((await poll(session.orderId, { token: await t.tokenFor(role) })).statusCode, role).toBe(200);
    }
    expect((await poll(session.orderId, { secret: session.checkoutSecret })).json().order).toMatchObject({
      status: 'pending',
      expiresAt: session.expiresAt,
    });
  });
});

describe('unpaid checkouts expire', () => {
  it('the sweeper fails them after checkoutTtlMinutes: stock, coupon use and payment released; paid ones are untouched', async () => {
    const gold = await buildProduct(t, { stock: 6 });
    const coupon = await buildCoupon(t, { usageLimit: 5 });
    const open = (await checkout(cart(gold.id, 2, { couponCode: coupon.code }))).json();
    const paid = (await checkout(cart(gold.id, 1))).json();
    await confirm(paid.paymentId);
    // Not before its time. (A count of 0 failed at load 25: this file's earlier checkouts, made over a minute before,
    // may expire here.)
    await expireCheckouts(t.db, new Date(Date.now() + 29 * 60_000));
    expect(await orderRow(open.orderId)).toMatchObject({ status: 'pending' });
    expect([await stockOf(gold.id), (await couponRow(coupon.id)).reservedCount]).toEqual([3, 1]);
    expect(await expireCheckouts(t.db, new Date(Date.now() + 31 * 60_000))).toBeGreaterThanOrEqual(1);
    expect(await orderRow(open.orderId)).toMatchObject({ status: 'failed' });
    expect(await paymentRow(open.paymentId)).toMatchObject({ status: 'failed' });
    expect(await orderRow(paid.orderId)).toMatchObject({ status: 'paid' });
    expect([await stockOf(gold.id), (await couponRow(coupon.id)).reservedCount]).toEqual([5, 0]);
  });

  it('paying after the deadline fails the order instead (409) and takes no money', async () => {
    const gold = await buildProduct(t, { stock: 3 });
    const session = (await checkout(cart(gold.id))).json();
    await t.db
      .update(orders)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(orders.id, session.orderId));
    const res = await confirm(session.paymentId);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'checkout_expired', error: expect.stringMatching(/expired/) });
    expect(await orderRow(session.orderId)).toMatchObject({ status: 'failed' });
    expect(await paymentRow(session.paymentId)).toMatchObject({ status: 'failed' });
    expect(await stockOf(gold.id)).toBe(3);
  });

  it('a server that starts later sweeps what expired while it was down', async () => {
    const gold = await buildProduct(t, { stock: 3 });
    const session = (await checkout(cart(gold.id))).json();
    await t.db
      .update(orders)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(orders.id, session.orderId));
    const restarted = await createTestApp({}, { database: t.database, sweeper: true });
    try {
      await expect.poll(async () => (await orderRow(session.orderId)).status, { timeout: 10_000 }).toBe('failed');
      expect(await stockOf(gold.id)).toBe(3);
    } finally {
      await restarted.app.close();
    }
  });
});
