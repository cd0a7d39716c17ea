/**
 * NUL and a lone UTF-16 surrogate, which PostgreSQL cannot store, answer 400 naming the field wherever a request
 * carries text, and change nothing. The routes and their text fields come from the OpenAPI document the app serves,
 * so a new endpoint is covered without editing this file, except that a route with a body needs a valid body in
 * VALID_BODIES (the test fails until it has one). Each bad request is that valid body with one text field made bad.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../server/db/client.js';
import * as schema from '../../server/db/schema.js';
import { engine } from './engine.js';
import {
  buildCoupon,
  buildDnsRecord,
  buildMintJob,
  buildOrder,
  buildProduct,
  buildUser,
  couponInput,
  dnsRecordInput,
  freshWallet,
  PASSWORD,
  productInput,
} from './factories.js';
import { createTestApp, type HttpResponse, type TestApp } from './harness.js';

type Schema = {
  type?: string | string[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  items?: Schema;
  properties?: Record<string, Schema>;
  additionalProperties?: boolean | Schema;
};
type Operation = {
  parameters?: { in: string; name: string; schema: Schema }[];
  requestBody?: { content: Record<string, { schema: Schema }> };
};
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
type Records = {
  shopper: { id: string; email: string };
  product: { id: string };
  order: { id: string; amountFiat: number };
};

const BAD = { NUL: 'a\u0000b', surrogate: 'a\ud800b' };
/** The same in a URL: NUL is %00; a lone surrogate has no UTF-8, so its would-be bytes are sent raw. */
const BAD_IN_URL = { NUL: 'a%00b', surrogate: 'a%ED%A0%80b' };

/** A valid body for every route that takes one ("METHOD /openapi/path"). */
/** A public address written as one: no name to resolve, and no worker here delivers to it. */
const WEBHOOK_URL = 'https://93.184.215.14/hooks/rwa';
const VALID_BODIES: Record<string, (r: Records) => Record<string, unknown>> = {
  'POST /api/admin/auth/login': (r) => ({ email: r.shopper.email, password: PASSWORD }),
  'PUT /api/settings': () => ({ siteName: 'Renamed site' }),
  'POST /api/admin/auth/login/2fa': () => ({ challenge: 'no-such-challenge', code: '123456' }),
  'POST /api/auth/2fa/enable': () => ({ code: '123456' }),
  'POST /api/auth/2fa/disable': () => ({ password: PASSWORD, code: '123456' }),
  'POST /api/auth/password': () => ({ currentPassword: PASSWORD, newPassword: 'a-long-new-password' }),
  'POST /api/products': () => productInput(),
  'PUT /api/products/{id}': () => ({ stock: 5 }),
  'POST /api/orders': (r) => ({ userEmail: r.shopper.email, productId: r.product.id, qty: 1 }),
  'POST /api/orders/mock': (r) => ({ userEmail: r.shopper.email, productId: r.product.id, qty: 1 }),
  'POST /api/mint-jobs': () => ({ walletAddress: freshWallet(), tokenId: 1, amount: 1, note: 'For a partner' }),
  'POST /api/debug/mint': () => ({ to: freshWallet(), id: 1, amount: 1 }),
  'POST /api/coupons': () => couponInput(),
  'POST /api/webhooks': () => ({ url: WEBHOOK_URL, events: ['order.paid'], description: 'ERP' }),
  'PUT /api/webhooks/{id}': () => ({ description: 'Accounting' }),
  'PUT /api/coupons/{id}': () => ({ discountValue: 15 }),
  'POST /api/cart/price': (r) => ({ items: [{ productId: r.product.id, qty: 1 }], couponCode: 'NONE' }),
  'POST /api/shop/auth/signup': () => ({
    name: 'New Shopper',
    email: `new.${Date.now()}@test.dev`,
    password: 'a-long-password',
  }),
  'POST /api/checkout/session': (r) => ({
    items: [{ productId: r.product.id, qty: 1 }],
    email: r.shopper.email,
    provider: 'sandbox',
    returnUrl: '/shop/done',
  }),
  'POST /api/payments/sandbox/{paymentId}/confirm': () => ({
    cardNumber: '4242424242424242',
    expiry: '12/39',
    cvc: '123',
    name: 'Card Holder',
  }),
  'POST /api/payments/{id}/refund': () => ({ amount: 1, reason: 'Damaged in transit' }),
  'POST /api/payment-sdk/create': (r) => ({
    provider: 'sandbox',
    amount: r.order.amountFiat,
    currency: 'USD',
    orderId: r.order.id,
    customerId: null,
    returnUrl: '/shop/done',
    cancelUrl: '/shop/cart',
  }),
  'POST /api/payment-sdk/refund': (r) => ({ paymentId: r.order.id, amount: 1, reason: 'Damaged in transit' }),
  'PUT /api/agent-levels/{id}': () => ({ commissionrate: 0.05 }),
  'POST /api/commissions/bulk': () => ({
    ids: ['00000000-0000-4000-8000-000000000000'],
    action: 'reject',
    reason: 'Fraudulent order',
  }),
  'POST /api/referrals/commissions/{id}/reject': () => ({ reason: 'Fraudulent order' }),
  'POST /api/products/bulk': () => ({
    ids: ['00000000-0000-4000-8000-000000000000'],
    action: 'status',
    status: 'inactive',
  }),
  'POST /api/coupons/bulk': () => ({ ids: ['00000000-0000-4000-8000-000000000000'], action: 'expire' }),
  'POST /api/orders/bulk': () => ({ ids: ['00000000-0000-4000-8000-000000000000'], action: 'fail' }),
  'POST /api/mint-jobs/bulk': () => ({ ids: ['00000000-0000-4000-8000-000000000000'], action: 'retry' }),
  'POST /api/users/bulk': () => ({ ids: ['00000000-0000-4000-8000-000000000000'], action: 'reactivate' }),
  'PUT /api/notifications/read': () => ({ ids: ['00000000-0000-4000-8000-000000000000'] }),
  'POST /api/domain/records/bulk': () => ({ ids: ['00000000-0000-4000-8000-000000000000'], action: 'deactivate' }),
  'POST /api/referrals/click': () => ({ code: 'NOSUCHCODE' }),
  'POST /api/referrals/attribute': () => ({ code: 'NOSUCHCODE' }),
  'POST /api/payouts': (r) => ({ recipientId: r.shopper.id, method: 'bank', note: 'Monthly' }),
  'PUT /api/payouts/{id}/status': () => ({ status: 'cancelled', note: 'Wrong account' }),
  'POST /api/referrals/payout': () => ({ method: 'bank' }),
  'POST /api/payouts/{id}/pay-onchain': () => ({ amountWei: '1000' }),
  'PUT /api/referrals/wallet': () => ({ walletAddress: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' }),
  'POST /api/users': () => ({
    name: 'New Colleague',
    email: `colleague.${Date.now()}@test.dev`,
    role: 'operator',
    password: 'a-long-password',
  }),
  'PUT /api/users/{id}': () => ({ name: 'Renamed Shopper' }),
  'POST /api/notifications/send': (r) => ({
    userId: r.shopper.id,
    title: 'Hello',
    body: 'A message.',
    channels: ['in_app', 'email'],
    link: '/shop/account',
  }),
  'POST /api/notifications/bulk': () => ({
    audience: 'user',
    title: 'Hello all',
    body: 'A message.',
    channels: ['in_app'],
    link: '/shop',
  }),
  'PUT /api/kyc/{id}/status': () => ({ status: 'rejected', reason: 'The photo is blurred.' }),
  'POST /api/payments/stripe/checkout': (r) => ({
    orderId: r.order.id,
    returnUrl: '/shop/done',
    cancelUrl: '/shop/cart',
  }),
  'POST /api/domain/record/create': () => dnsRecordInput(),
  'PUT /api/domain/records/{id}': () => ({ ttl: 600 }),
  'POST /api/domain/script/execute': () => ({ scriptName: 'Create DNS Record', parameters: dnsRecordInput() }),
  'POST /api/auth/set-password': () => ({ token: 'no-such-link-token', password: 'a-long-new-password' }),
  'POST /api/shop/auth/confirm': () => ({ token: 'no-such-signup-token' }),
  'POST /api/mint-jobs/{id}/reject': () => ({ reason: 'Not in the plan' }),
  'POST /api/products/{id}/holders/freeze': () => ({ wallet: freshWallet(), reason: 'Court order' }),
  'POST /api/products/{id}/holders/unfreeze': () => ({ wallet: freshWallet(), reason: 'Order lifted' }),
  'POST /api/products/{id}/holders/redeem': () => ({ wallet: freshWallet(), amount: '1', reason: 'Asset delivered' }),
  'POST /api/users/{id}/reset-password': () => ({ method: 'temporary' }),
  'PUT /api/membership/levels/{name}': () => ({ discount: 0.02 }),
  'POST /api/membership/points/add': (r) => ({ email: r.shopper.email, amount: 10, reason: 'Goodwill' }),
  'POST /api/membership/tokens/convert': () => ({ fromToken: 'POINTS', toToken: 'LOYALTY', amount: 100 }),
  'POST /api/redemptions': (r) => ({ productId: r.product.id, quantity: 1 }),
  'PUT /api/redemptions/{id}/status': () => ({ status: 'REJECTED', note: 'Out of stock' }),
};

const alternatives = (s: Schema): Schema[] => [s, ...(s.anyOf ?? []), ...(s.oneOf ?? [])];
const types = (s: Schema) => alternatives(s).flatMap((a) => (a.type === undefined ? [] : [a.type].flat()));
const acceptsString = (s: Schema) => types(s).includes('string');

/** Values of this schema that carry `bad`: the string itself, or inside an object (as a value or a key) or an array. */
function badValues(s: Schema, bad: string): unknown[] {
  const out: unknown[] = acceptsString(s) ? [bad] : [];
  for (const a of alternatives(s)) {
    for (const [key, sub] of Object.entries(a.properties ?? {}))
      out.push(...badValues(sub, bad).map((v) => ({ [key]: v })));
    if ((a.type === 'object' || a.properties) && a.additionalProperties !== false)
      out.push({ note: bad }, { [`key ${bad}`]: 'x' });
    if (a.items) out.push(...badValues(a.items, bad).map((v) => [v]));
  }
  return out;
}

let t: TestApp;
let doc: { paths: Record<string, Record<string, Operation>> };
let records: Records;
let realIds: Record<string, string>;
let before: Awaited<ReturnType<typeof snapshot>>;
const responses: { request: string; res: HttpResponse }[] = [];
const covered = { routes: new Set<string>(), fields: new Set<string>(), requests: 0 };
const operations = () =>
  Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => ({
      method: method.toUpperCase() as Method,
      path,
      op,
      route: `${method.toUpperCase()} ${path}`,
    })),
  );

async function send(route: string, method: Method, url: string, body?: unknown) {
  const res = await t.call(method, url, { body });
  responses.push({ request: `${method} ${url} ${JSON.stringify(body) ?? ''}`, res });
  covered.routes.add(route);
  covered.requests += 1;
  return res;
}

/** The OpenAPI path with every parameter a real value, except `bad` = [name, raw text] when given. */
function fill(path: string, bad?: [string, string]) {
  return path.replace(/\{(\w+)\}/g, (_, name: string, at: number) => {
    if (bad?.[0] === name) return bad[1];
    const key = name === 'id' ? path.slice(0, at).split('/').filter(Boolean).at(-1)! : name;
    if (!realIds[key]) throw new Error(`No real value for {${name}} of ${path}: add one to realIds.`);
    return realIds[key];
  });
}

/** 400 with code validation, and every field the answer names is `field` or inside it (the rest of the request was valid). */
function namesOnly(res: HttpResponse, field: string) {
  if (res.statusCode !== 400) return false;
  const { code, fields = {} } = res.json();
  const keys = Object.keys(fields);
  return code === 'validation' && keys.length > 0 && keys.every((k) => k === field || k.startsWith(`${field}.`));
}

async function snapshot() {
  const tables = await queryRows<{ name: string }>(
    t.db,
    sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  );
  const counts: Record<string, number> = {};
  for (const { name } of tables)
    counts[name] = (
      await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from ${sql.identifier(name)}`)
    )[0]!.n;
  const products = await t.db.select().from(schema.products).orderBy(schema.products.id);
  const settings = await t.db.select().from(schema.settings).orderBy(schema.settings.key);
  return { counts, products, settings };
}

beforeAll(async () => {
  t = await createTestApp();
  const [shopper, product, job, coupon, dnsRecord] = [
    await buildUser(t),
    await buildProduct(t),
    await buildMintJob(t),
    await buildCoupon(t),
    await buildDnsRecord(t),
  ];
  const order = await buildOrder(t, { userEmail: shopper.email, productId: product.id });
  records = { shopper, product, order };
  const checkout = (
    await t.call('POST', '/api/checkout/session', {
      as: null,
      headers: { 'idempotency-key': 'unsafe-text' },
      body: VALID_BODIES['POST /api/checkout/session']!({ shopper, product, order }),
    })
  ).json();
  realIds = {
    products: product.id,
    orders: order.id,
    'mint-jobs': job.id,
    coupons: coupon.id,
    hash: `0x${'ab'.repeat(32)}`,
    order: checkout.orderId,
    paymentId: checkout.paymentId,
    payments: checkout.paymentId,
    users: shopper.id,
    'agent-levels': '1',
    payouts: randomUUID(),
    affiliates: shopper.id,
    kyc: randomUUID(),
    commissions: randomUUID(),
    records: dnsRecord.id,
    domain: dnsRecord.domain,
    type: 'dashboard',
    name: 'SILVER',
    redemptions: randomUUID(),
  };
  const webhook = await t.call('POST', '/api/webhooks', { body: VALID_BODIES['POST /api/webhooks']!(records) });
  expect(webhook.statusCode).toBe(201);
  realIds.webhooks = String(webhook.json().webhook.id);
  realIds.deliveryId = randomUUID();
  await t.call('PUT', '/api/settings', { body: { siteName: 'Before the bad requests' } });
  const docs = await t.call('GET', '/api/docs/json'); // also logs the admin in before the snapshot
  expect(docs.statusCode).toBe(200);
  doc = docs.json();
  before = await snapshot();
});
afterAll(async () => {
  await t?.close();
});

/**
 * The limit of each sweep below: each sends hundreds of bad requests (1,044 in all), not the few of an API test, whose
 * limit is 30 s. At load 10-16 on PostgreSQL the body and query sweeps took longer than that; the file took 75 s.
 */
const SWEEP_MS = 180_000;

describe('NUL and lone surrogates in request text', () => {
  it('every route with a JSON body has a valid body to test with', () => {
    // The uploads (multipart/form-data) check their text fields in their own tests (kyc, product-images).
    const withBody = operations()
      .filter((o) => o.op.requestBody?.content['application/json'])
      .map((o) => o.route);
    expect(withBody.length).toBeGreaterThan(0);
    expect(
      withBody.filter((route) => !VALID_BODIES[route]),
      'add these routes to VALID_BODIES',
    ).toEqual([]);
  });

  it(
    'answer 400 naming the field, for every text field of every body (nested ones too)',
    async () => {
      const failures: string[] = [];
      for (const { method, path, op, route } of operations()) {
        const properties = op.requestBody?.content['application/json']?.schema.properties ?? {};
        for (const [field, fieldSchema] of Object.entries(properties)) {
          for (const bad of Object.values(BAD)) {
            for (const value of badValues(fieldSchema, bad)) {
              covered.fields.add(`${route} ${field}`);
              const res = await send(route, method, fill(path), { ...VALID_BODIES[route]!(records), [field]: value });
              if (!namesOnly(res, field) || !res.json().error.startsWith(`Invalid field "${field}`))
                failures.push(`${route} ${field}=${JSON.stringify(value)}: ${res.statusCode} ${res.body}`);
            }
          }
        }
      }
      expect(failures).toEqual([]);
    },
    SWEEP_MS,
  );

  const surrogateInQuery: string[] = [];
  it(
    'answer 400 naming the parameter, for every string query parameter (a raw surrogate may read as text)',
    async () => {
      const failures: string[] = [];
      for (const { method, path, op, route } of operations()) {
        for (const p of (op.parameters ?? []).filter((x) => x.in === 'query' && acceptsString(x.schema))) {
          covered.fields.add(`${route} ?${p.name}`);
          for (const [kind, raw] of Object.entries(BAD_IN_URL)) {
            const body = VALID_BODIES[route]?.(records);
            const res = await send(route, method, `${fill(path)}?${p.name}=${raw}`, body);
            const named = namesOnly(res, p.name) && res.json().error.startsWith(`Invalid query parameter "${p.name}"`);
            if (kind === 'surrogate')
              surrogateInQuery.push(`${route} ?${p.name}: ${res.statusCode}${named ? ' naming it' : ''}`);
            // The event stream opens only with a one-use ticket: a surrogate read as text is a ticket that is not valid.
            const readAsText = res.statusCode < 300 || (route === 'GET /api/events' && res.statusCode === 401);
            if (!named && !(kind === 'surrogate' && readAsText))
              failures.push(`${route} ?${p.name}=${raw}: ${res.statusCode} ${res.body}`);
          }
        }
      }
      console.info(`[${engine()}] lone surrogate (%ED%A0%80) in a query:\n  ${surrogateInQuery.join('\n  ')}`);
      expect(failures).toEqual([]);
    },
    SWEEP_MS,
  );

  it(
    'answer 400 in the API’s shape in a path parameter',
    async () => {
      const failures: string[] = [];
      for (const { method, path, op, route } of operations()) {
        for (const p of (op.parameters ?? []).filter((x) => x.in === 'path' && acceptsString(x.schema))) {
          covered.fields.add(`${route} {${p.name}}`);
          for (const raw of Object.values(BAD_IN_URL)) {
            const res = await send(route, method, fill(path, [p.name, raw]), VALID_BODIES[route]?.(records));
            // NUL reaches the route's schema; undecodable bytes are refused by the router, answered by frameworkErrors.
            const expected = raw === BAD_IN_URL.NUL ? `Invalid path parameter "${p.name}"` : 'The address is not valid';
            const body = res.statusCode === 400 ? res.json() : null;
            if (!body || body.ok !== false || !String(body.error).startsWith(expected))
              failures.push(`${route} {${p.name}}=${raw}: ${res.statusCode} ${res.body}`);
          }
        }
      }
      expect(failures).toEqual([]);
    },
    SWEEP_MS,
  );

  it('change nothing, and nothing answered 500', async () => {
    expect(before.counts.products).toBeGreaterThan(0);
    expect(before.settings.length).toBeGreaterThan(0);
    expect(await snapshot()).toEqual(before);
    expect(
      responses
        .filter(({ res }) => res.statusCode >= 500)
        .map(({ request, res }) => `${request}: ${res.statusCode} ${res.body}`),
    ).toEqual([]);
    console.info(
      `[${engine()}] ${covered.routes.size} routes, ${covered.fields.size} fields and parameters, ${covered.requests} bad requests`,
    );
  });
});
