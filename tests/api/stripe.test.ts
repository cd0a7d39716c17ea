import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, payments, paymentEvents, products, providerEvents, refunds } from '../../server/db/schema.js';
import { buildOrder, buildProduct, freshWallet } from './factories.js';
import { createTestApp, type TestApp } from './harness.js';
import { signedEvent, startStripeStandIn } from './stripe-stand-in.js';

const SECRET = 'whsec_test_secret_for_the_stand_in';

let stand: Awaited<ReturnType<typeof startStripeStandIn>>;
let t: TestApp;
let base: string;
let keySeq = 0;

beforeAll(async () => {
  stand = await startStripeStandIn();
  t = await createTestApp({
    STRIPE_SECRET_KEY: 'sk_test_stand_in',
    STRIPE_WEBHOOK_SECRET: SECRET,
    STRIPE_API_URL: stand.url,
  });
  base = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
});
afterAll(async () => {
  await t?.close();
  await stand?.close();
});

/** A Stripe checkout of one unit of a new product: the session answer and the payment and order it made. */
async function stripeCheckout(price = 40, stock = 3) {
  const product = await buildProduct(t, { priceFiat: price, stock });
  const res = await t.call('POST', '/api/checkout/session', {
    as: null,
    headers: { 'idempotency-key': `stripe-${++keySeq}-${Date.now()}` },
    body: {
      items: [{ productId: product.id, qty: 1 }],
      email: 'card.buyer@test.dev',
      provider: 'stripe',
      walletAddress: freshWallet(),
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return { product, session: res.json() };
}

const deliver = (payload: string, header: string | null) =>
  fetch(`${base}/api/payments/stripe/webhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(header ? { 'stripe-signature': header } : {}) },
    body: payload,
  }).then(async (r) => ({ status: r.status, body: await r.json() }));

const sessionObject = (paymentId: string, extra: Record<string, unknown> = {}) => ({
  id: 'cs_test_x',
  object: 'checkout.session',
  client_reference_id: paymentId,
  metadata: { paymentId },
  ...extra,
});

const paymentRow = async (id: string) => (await t.db.select().from(payments).where(eq(payments.id, id)))[0]!;
const orderRow = async (id: string) => (await t.db.select().from(orders).where(eq(orders.id, id)))[0]!;
const eventCount = async (paymentId: string) =>
  (await t.db.select().from(paymentEvents).where(eq(paymentEvents.paymentId, paymentId))).length;

describe('Stripe (through the official SDK, against a local stand-in)', () => {
  it('is listed as configured, and a checkout opens a Checkout Session for the order’s amount with absolute return pages', async () => {
    const providers = (await t.call('GET', '/api/payment-sdk/providers', { as: null })).json().providers;
    expect(providers.find((p: { name: string }) => p.name === 'stripe')).toMatchObject({ configured: true });
    const before = stand.requests.length;
    const { session } = await stripeCheckout(40);
    expect(session.redirectUrl).toMatch(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_/);
    const sent = stand.requests.slice(before).find((r) => r.path === '/v1/checkout/sessions')!;
    expect(sent.params).toMatchObject({
      mode: 'payment',
      client_reference_id: session.paymentId,
      'metadata[paymentId]': session.paymentId,
      'payment_intent_data[metadata][paymentId]': session.paymentId,
      'line_items[0][price_data][unit_amount]': '4000',
      'line_items[0][price_data][currency]': 'usd',
    });
    expect(sent.params.success_url).toBe(`${base}/shop/checkout/complete?orderId=${session.orderId}`);
    expect(sent.params.cancel_url).toBe(`${base}/shop/cart`);
    expect(sent.idempotencyKey).toBe(`checkout-${session.paymentId}`);
    const stored = await paymentRow(session.paymentId);
    // A test key (sk_test_…) moves no real money: the payment and its order are test ones.
    expect(stored).toMatchObject({ provider: 'stripe', status: 'pending', url: session.redirectUrl, test: true });
    expect(stored.reference).toMatch(/^cs_test_/);
  });

  it('checkout.session.completed pays the order (reference: the payment intent); the same event again changes nothing', async () => {
    const { session } = await stripeCheckout(25);
    const event = signedEvent(
      SECRET,
      'checkout.session.completed',
      sessionObject(session.paymentId, { payment_status: 'paid', payment_intent: 'pi_paid_1' }),
    );
    const first = await deliver(event.payload, event.header);
    expect(first).toEqual({ status: 200, body: { ok: true, received: true } });
    expect(await paymentRow(session.paymentId)).toMatchObject({ status: 'completed', reference: 'pi_paid_1' });
    expect((await orderRow(session.orderId)).status).toBe('paid');
    const events = await eventCount(session.paymentId);

    const again = await deliver(event.payload, event.header);
    expect(again).toEqual({ status: 200, body: { ok: true, received: true, duplicate: true } });
    expect(await eventCount(session.paymentId)).toBe(events);
    const detail = (await t.call('GET', `/api/payments/${session.paymentId}`, { as: 'finance' })).json().payment;
    expect(detail.dashboardUrl).toBe('https://dashboard.stripe.com/test/payments/pi_paid_1');
    expect(detail.events.map((e: { type: string }) => e.type)).toEqual(
      expect.arrayContaining(['created', 'webhook', 'confirmed']),
    );
  });

  it('a forged, missing or tampered signature is a 400 and changes nothing', async () => {
    const { session } = await stripeCheckout(30);
    const object = sessionObject(session.paymentId, { payment_status: 'paid', payment_intent: 'pi_forged' });
    const forged = signedEvent('whsec_someone_else', 'checkout.session.completed', object);
    const res = await deliver(forged.payload, forged.header);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ ok: false, error: 'The webhook signature is not valid.', code: 'bad_signature' });
    expect((await deliver(forged.payload, null)).status).toBe(400);
    const real = signedEvent(SECRET, 'checkout.session.completed', object);
    expect((await deliver(real.payload.replace('"paid"', '"paid" '), real.header)).status).toBe(400);
    expect((await paymentRow(session.paymentId)).status).toBe('pending');
    expect(await t.db.select().from(providerEvents).where(eq(providerEvents.eventId, forged.id))).toHaveLength(0);
  });

  it('checkout.session.expired fails the order and gives its stock back; payment_intent.payment_failed only goes on the timeline', async () => {
    const { session, product } = await stripeCheckout(12, 2);
    const failedCard = signedEvent(SECRET, 'payment_intent.payment_failed', {
      id: 'pi_declined',
      object: 'payment_intent',
      metadata: { paymentId: session.paymentId },
      last_payment_error: { message: 'Your card was declined.' },
    });
    expect((await deliver(failedCard.payload, failedCard.header)).status).toBe(200);
    expect((await paymentRow(session.paymentId)).status).toBe('pending');
    const refused = await t.db
      .select()
      .from(paymentEvents)
      .where(and(eq(paymentEvents.paymentId, session.paymentId), eq(paymentEvents.type, 'refused')));
    expect(refused[0]).toMatchObject({ reason: 'Your card was declined.' });

    const expired = signedEvent(
      SECRET,
      'checkout.session.expired',
      sessionObject(session.paymentId, { payment_status: 'unpaid' }),
    );
    expect((await deliver(expired.payload, expired.header)).status).toBe(200);
    expect((await paymentRow(session.paymentId)).status).toBe('failed');
    expect((await orderRow(session.orderId)).status).toBe('failed');
    expect((await t.db.select().from(products).where(eq(products.id, product.id)))[0]!.stock).toBe(2);
  });

  it('a payment Stripe completes after the checkout failed is given straight back', async () => {
    const { session } = await stripeCheckout(18);
    await deliver(
      ...(({ payload, header }) => [payload, header] as const)(
        signedEvent(SECRET, 'checkout.session.expired', sessionObject(session.paymentId)),
      ),
    );
    const before = stand.requests.length;
    const late = signedEvent(
      SECRET,
      'checkout.session.completed',
      sessionObject(session.paymentId, { payment_status: 'paid', payment_intent: 'pi_late' }),
    );
    expect((await deliver(late.payload, late.header)).status).toBe(200);
    const refund = stand.requests.slice(before).find((r) => r.path === '/v1/refunds')!;
    expect(refund.params).toMatchObject({ payment_intent: 'pi_late', amount: '1800' });
    expect(await paymentRow(session.paymentId)).toMatchObject({
      status: 'refunded',
      refundedCents: 1800,
      reference: 'pi_late',
    });
    expect((await orderRow(session.orderId)).status).toBe('failed');
  });

  it('a refund goes through Stripe’s refund API; Stripe refusing it is a 422 with its sentence and changes nothing', async () => {
    const { session } = await stripeCheckout(50);
    const paid = signedEvent(
      SECRET,
      'checkout.session.completed',
      sessionObject(session.paymentId, { payment_status: 'paid', payment_intent: 'pi_refund_me' }),
    );
    await deliver(paid.payload, paid.header);

    const before = stand.requests.length;
    const part = await t.call('POST', `/api/payments/${session.paymentId}/refund`, {
      as: 'finance',
      body: { amount: 20, reason: 'Damaged box' },
    });
    expect(part.statusCode, part.body).toBe(200);
    expect(stand.requests.slice(before).find((r) => r.path === '/v1/refunds')!.params).toMatchObject({
      payment_intent: 'pi_refund_me',
      amount: '2000',
    });
    expect(part.json().refund.reference).toMatch(/^re_/);

    stand.state.refuseRefunds = true;
    try {
      const refused = await t.call('POST', `/api/payments/${session.paymentId}/refund`, {
        as: 'finance',
        body: { amount: 30, reason: 'The rest' },
      });
      expect(refused.statusCode).toBe(422);
      expect(refused.json().error).toBe('Stripe refused to give the money back: Charge has already been refunded.');
    } finally {
      stand.state.refuseRefunds = false;
    }
    expect(await paymentRow(session.paymentId)).toMatchObject({ status: 'completed', refundedCents: 2000 });
  });

  it('charge.refunded for a refund made in Stripe’s dashboard records the difference as one refund, idempotent against ours and replays', async () => {
    const { session } = await stripeCheckout(50);
    const paid = signedEvent(
      SECRET,
      'checkout.session.completed',
      sessionObject(session.paymentId, { payment_status: 'paid', payment_intent: 'pi_dash' }),
    );
    await deliver(paid.payload, paid.header);
    const charge = (refunded: number, refundId: string) => ({
      id: 'ch_dash',
      object: 'charge',
      payment_intent: 'pi_dash',
      amount: 5000,
      amount_refunded: refunded,
      currency: 'usd',
      refunded: refunded === 5000,
      refunds: { object: 'list', data: [{ id: refundId, object: 'refund', amount: 1000 }] },
    });
    const refundRows = async () => t.db.select().from(refunds).where(eq(refunds.paymentId, session.paymentId));

    // Our own refund of 10 through the API: Stripe then reports 10 refunded, which adds nothing.
    const ours = await t.call('POST', `/api/payments/${session.paymentId}/refund`, {
      as: 'finance',
      body: { amount: 10, reason: 'Ours' },
    });
    expect(ours.statusCode, ours.body).toBe(200);
    const echo = signedEvent(SECRET, 'charge.refunded', charge(1000, ours.json().refund.reference));
    expect((await deliver(echo.payload, echo.header)).status).toBe(200);
    expect(await refundRows()).toHaveLength(1);
    expect(await paymentRow(session.paymentId)).toMatchObject({ status: 'completed', refundedCents: 1000 });

    // 15 more refunded in Stripe's dashboard: recorded as one refund of 15.
    const dash = signedEvent(SECRET, 'charge.refunded', charge(2500, 're_dashboard_1'));
    expect((await deliver(dash.payload, dash.header)).status).toBe(200);
    const rows = await refundRows();
    expect(rows).toHaveLength(2);
    expect(rows.find((r) => r.reference === 're_dashboard_1')).toMatchObject({
      amountCents: 1500,
      reason: 'Refunded in Stripe’s dashboard.',
      createdBy: null,
    });
    expect(await paymentRow(session.paymentId)).toMatchObject({ status: 'completed', refundedCents: 2500 });
    // The same event again (a replay) changes nothing.
    expect((await deliver(dash.payload, dash.header)).body).toMatchObject({ duplicate: true });
    expect(await refundRows()).toHaveLength(2);

    // The rest refunded in the dashboard: the payment and the order turn refunded, as our own full refund does.
    const rest = signedEvent(SECRET, 'charge.refunded', charge(5000, 're_dashboard_2'));
    expect((await deliver(rest.payload, rest.header)).status).toBe(200);
    expect(await refundRows()).toHaveLength(3);
    expect(await paymentRow(session.paymentId)).toMatchObject({ status: 'refunded', refundedCents: 5000 });
    expect((await orderRow(session.orderId)).status).toBe('refunded');
    const detail = (await t.call('GET', `/api/payments/${session.paymentId}`, { as: 'finance' })).json().payment;
    expect(detail.events.filter((e: { type: string }) => e.type === 'refunded')).toHaveLength(3);
    // A later, different event with the same totals adds nothing either.
    const again = signedEvent(SECRET, 'charge.refunded', charge(5000, 're_dashboard_2'));
    expect((await deliver(again.payload, again.header)).status).toBe(200);
    expect(await refundRows()).toHaveLength(3);
  });

  it('POST /api/payments/stripe/checkout opens a session for a pending order (finance and admin; operator and user 403, no token 401)', async () => {
    const order = await buildOrder(t, { product: { priceFiat: 9.99, stock: 5 } });
    const body = { orderId: order.id };
    for (const role of ['operator', 'user'] as const)
      expect((await t.call('POST', '/api/payments/stripe/checkout', { as: role, body })).statusCode).toBe(403);
    expect((await t.call('POST', '/api/payments/stripe/checkout', { as: null, body })).statusCode).toBe(401);
    const res = await t.call('POST', '/api/payments/stripe/checkout', { as: 'finance', body });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().url).toMatch(/^https:\/\/checkout\.stripe\.test\//);
    expect(res.json().payment).toMatchObject({
      provider: 'stripe',
      status: 'pending',
      orderId: order.id,
      amount: 9.99,
    });
    const unknown = await t.call('POST', '/api/payments/stripe/checkout', {
      as: 'finance',
      body: { orderId: '00000000-0000-4000-8000-000000000000' },
    });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('Stripe not configured', () => {
  let bare: TestApp;
  beforeAll(async () => {
    bare = await createTestApp();
  });
  afterAll(async () => {
    await bare?.close();
  });

  it('is listed as not configured, and checkout, the Stripe call and the webhook answer "Stripe is not configured."', async () => {
    const providers = (await bare.call('GET', '/api/payment-sdk/providers', { as: null })).json().providers;
    expect(providers.find((p: { name: string }) => p.name === 'stripe')).toMatchObject({ configured: false });
    const product = await buildProduct(bare, { priceFiat: 5, stock: 1 });
    const res = await bare.call('POST', '/api/checkout/session', {
      as: null,
      headers: { 'idempotency-key': 'no-stripe-1' },
      body: { items: [{ productId: product.id, qty: 1 }], email: 'x@test.dev', provider: 'stripe' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toBe('Stripe is not configured.');
    const hook = await bare.call('POST', '/api/payments/stripe/webhook', { as: null, body: { id: 'evt_1' } });
    expect(hook.statusCode).toBe(422);
    expect(hook.json().error).toBe('Stripe is not configured.');
    const order = await buildOrder(bare, { product: { priceFiat: 5, stock: 1 } });
    const call = await bare.call('POST', '/api/payments/stripe/checkout', {
      as: 'finance',
      headers: { 'idempotency-key': 'no-stripe-2' },
      body: { orderId: order.id },
    });
    expect(call.statusCode).toBe(422);
    expect(call.json().error).toBe('Stripe is not configured.');
    // The document declares that refusal for the Stripe call itself, not only through a catch-all.
    const doc = (await bare.call('GET', '/api/docs/json', { as: 'admin' })).json();
    expect(Object.keys(doc.paths['/api/payments/stripe/checkout'].post.responses)).toContain('422');
  });
});
