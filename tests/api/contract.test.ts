/**
 * The contract, tried as a client that knows only /api/docs/json: for every operation, requests generated from the
 * document (valid ones and ones with one thing wrong) with an admin's token and without a token. No answer may be a
 * server error, and each must be declared by the document, its body matching the declared schema (the harness
 * checks every answer against the document). Bounded to a few thousand requests; CONTRACT_SEED replays a run.
 */
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { formOf, inputsFor, urlOf, type Operation, type Request } from './contract-inputs.js';
import {
  buildCoupon,
  buildDnsRecord,
  buildKycSession,
  buildMintJob,
  buildOrder,
  buildPayment,
  buildProduct,
} from './factories.js';
import { createTestApp, PASSWORD } from './harness.js';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
type Doc = { paths: Record<string, Record<string, Operation>>; components?: { schemas?: Record<string, never> } };

const SEED = Number(process.env.CONTRACT_SEED ?? 20261126);
const RUNS = { valid: 8, invalid: 6, anonymous: 3 };

// Names outside the managed zones go to a closed loopback port, so that no request leaves the machine.
const t = await createTestApp({ DNS_RESOLVERS: '127.0.0.1:9', DNS_RESOLVE_TIMEOUT_MS: '200' });
afterAll(async () => {
  await t.close();
});
const doc = (await t.call('GET', '/api/docs/json')).json() as Doc;
/** Record ids seen in the answers so far, by the path's first segment (`/api/products/…` → products). */
const seenIds = new Map<string, Set<string>>();
const segmentOf = (path: string) => path.split('/')[2] ?? '';
const inputs = inputsFor(doc, (path) => [...(seenIds.get(segmentOf(path)) ?? [])].slice(-50));
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function collectIds(segment: string, value: unknown): void {
  if (Array.isArray(value)) value.forEach((v) => collectIds(segment, v));
  else if (value && typeof value === 'object') {
    for (const [key, v] of Object.entries(value)) {
      if (key === 'id' && typeof v === 'string' && UUID.test(v))
        seenIds.set(segment, (seenIds.get(segment) ?? new Set()).add(v));
      else collectIds(segment, v);
    }
  }
}

/** An admin of its own, logged in from another address than the generated logins (which may lock theirs out). */
async function freshAdmin(): Promise<string> {
  const admin = await t.user('admin');
  return (await t.login(admin.email, PASSWORD, '127.0.0.3')).json().token as string;
}
let admin = await freshAdmin();

// A few records of each kind, whose ids the generated requests then use.
for (let i = 0; i < 2; i += 1) {
  const product = await buildProduct(t);
  const order = await buildOrder(t, { productId: product.id });
  collectIds('products', product);
  collectIds('orders', order);
  collectIds('payments', await buildPayment(t));
  collectIds('mint-jobs', await buildMintJob(t));
  collectIds('coupons', await buildCoupon(t));
  collectIds('domain', await buildDnsRecord(t));
  collectIds('kyc', await buildKycSession(t));
  collectIds('users', await t.user('user'));
  // A public address written as one: no name to resolve; no worker runs here to deliver to it.
  const webhook = await t.call('POST', '/api/webhooks', {
    token: admin,
    body: { url: `https://93.184.215.14/hooks/${i}`, events: ['order.paid'] },
  });
  collectIds('webhooks', webhook.json());
}

/** A generated request may log the admin out or change the settings: each operation starts from a live admin and the defaults. */
async function restore(path: string) {
  if ((await t.call('GET', '/api/auth/me', { token: admin })).statusCode !== 200) admin = await freshAdmin();
  if (path.startsWith('/api/settings') || path.startsWith('/api/auth')) {
    await t.call('POST', '/api/settings/reset', { token: admin });
    await t.call('PUT', '/api/settings', { token: admin, body: { twoFactorAuth: false } });
    admin = await freshAdmin();
  }
}

const operations = Object.entries(doc.paths).flatMap(([path, ops]) =>
  Object.entries(ops).map(([method, op]) => ({ path, method: method.toUpperCase() as Method, op })),
);

/** The operations that answered a generated request with a success: the requests reach the handlers, not only the checks. */
const succeeded = new Set<string>();

async function send(path: string, method: Method, op: Operation, req: Request, token: string | null) {
  const url = urlOf(path, req);
  const schema = op.requestBody?.content['multipart/form-data']?.schema;
  const sent = req.multipart ? { form: formOf(req.body, schema) } : { body: req.body };
  const res = await t.call(method, url, { ...sent, headers: req.headers, ...(token ? { token } : { as: null }) });
  expect(res.statusCode, `${method} ${url} answered ${res.statusCode}: ${res.body.slice(0, 300)}`).toBeLessThan(500);
  if (token && res.statusCode < 300) succeeded.add(`${method} ${path}`);
  if (res.headers['content-type']?.startsWith('application/json')) collectIds(segmentOf(path), res.json());
  return res;
}

describe('every operation of the OpenAPI document, with generated requests', () => {
  it('has operations to try', () => {
    expect(operations.length).toBeGreaterThan(100);
  });

  it.each(operations)(
    '$method $path',
    async ({ path, method, op }) => {
      await restore(path);
      const tryAll = async (kind: 'valid' | 'invalid', token: () => string | null, numRuns: number, seed: number) => {
        const requests = inputs.request(path, op, kind);
        if (!requests) return;
        await fc.assert(
          fc.asyncProperty(requests, async (req) => {
            await send(path, method, op, req, token());
          }),
          { numRuns, seed, includeErrorInReport: true },
        );
      };
      await tryAll('valid', () => admin, RUNS.valid, SEED);
      await tryAll('invalid', () => admin, RUNS.invalid, SEED + 1);
      await tryAll('valid', () => null, RUNS.anonymous, SEED + 2);
    },
    60_000,
  );

  it('reached most handlers with a success, so the generated requests are more than refusals', () => {
    console.log(
      `contract: ${succeeded.size} of ${operations.length} operations answered a generated request with a success`,
    );
    expect(succeeded.size / operations.length).toBeGreaterThan(0.55);
  });
});
