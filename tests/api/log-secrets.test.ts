/**
 * Secrets never reach the log (issue 40, Request ids and logs): with LOG_LEVEL=debug, requests carry a password, a
 * bearer token, a TOTP secret and codes, recovery codes, a 2FA challenge, a set-password link, a card number and its
 * CVC, a checkout secret and the metrics token; the email worker then runs over what they queued. Every log line is
 * captured and none of them holds any of those values.
 */
import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer } from '../../server/modules/notifications/mailer.js';
import { workOnce } from '../../server/modules/notifications/worker.js';
import { buildProduct, buildUser, PASSWORD } from './factories.js';
import { createTestApp, type TestApp } from './harness.js';

const METRICS_TOKEN = 'metrics-token-never-logged-0001';
const NEW_PASSWORD = 'my-own-new-password-77';
const CARD = { cardNumber: '4242 4242 4242 4242', expiry: '12/39', cvc: '987', name: 'Ada Buyer' };

const logged: string[] = [];
const stream = new Writable({
  write(chunk: Buffer, _enc, done) {
    logged.push(chunk.toString());
    done();
  },
});

let t: TestApp;
/** Every secret value a request of this file carried or was answered. */
const secrets = new Map<string, string>();
const keep = (what: string, value: unknown) => {
  expect(typeof value === 'string' && value.length >= 6, `${what}: ${String(value)}`).toBe(true);
  secrets.set(what, value as string);
};

beforeAll(async () => {
  t = await createTestApp(
    { LOG_LEVEL: 'debug', LOG_FORMAT: 'json', METRICS_TOKEN, LOGIN_RATE_LIMIT_MAX: '10000' },
    { logStream: stream },
  );
});
afterAll(async () => {
  await t?.close();
});

const codeAt = (secret: string, steps = 0) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });

describe('the log under LOG_LEVEL=debug', () => {
  it('holds none of the secrets that requests carried', async () => {
    // A password and the bearer token it gets; a wrong password too.
    const u = await buildUser(t, { role: 'operator' });
    keep('password', PASSWORD);
    expect((await t.login(u.email, 'a-wrong-password-55')).statusCode).toBe(401);
    keep('wrong password', 'a-wrong-password-55');
    const token = (await t.login(u.email)).json().token as string;
    keep('bearer token', token);

    // 2FA: its secret, the code that enables it, the recovery codes, the challenge, a code and a recovery code at login.
    const setup = (await t.call('POST', '/api/auth/2fa/setup', { token })).json();
    keep('TOTP secret', setup.secret);
    const enableCode = await codeAt(setup.secret);
    const enabled = await t.call('POST', '/api/auth/2fa/enable', { token, body: { code: enableCode } });
    expect(enabled.statusCode, enabled.body).toBe(200);
    const recoveryCodes = enabled.json().recoveryCodes as string[];
    recoveryCodes.forEach((c, i) => keep(`recovery code ${i}`, c));
    const challenge = (await t.login(u.email)).json().challenge as string;
    keep('2FA challenge', challenge);
    const second = await t.call('POST', '/api/admin/auth/login/2fa', {
      as: null,
      body: { challenge, code: recoveryCodes[0] },
    });
    expect(second.statusCode, second.body).toBe(200);
    keep('token after 2FA', second.json().token);
    const wrong = await t.call('POST', '/api/admin/auth/login/2fa', {
      as: null,
      body: { challenge: (await t.login(u.email)).json().challenge, code: '918273' },
    });
    expect(wrong.statusCode).toBe(401);

    // A set-password link (answered, emailed, used), and a token in a query string.
    const invited = await t.call('POST', '/api/users', {
      body: { email: `secret.${randomUUID()}@example.com`, name: 'Linked', role: 'operator', passwordSetup: 'link' },
    });
    expect(invited.statusCode, invited.body).toBe(201);
    const link = invited.json().setPasswordLink.url as string;
    const linkToken = new URL(link).searchParams.get('token')!;
    keep('set-password token', linkToken);
    const set = await t.call('POST', '/api/auth/set-password', {
      as: null,
      body: { token: linkToken, password: NEW_PASSWORD },
    });
    expect(set.statusCode, set.body).toBe(200);
    keep('new password', NEW_PASSWORD);
    const reset = await t.call('POST', `/api/users/${u.id}/reset-password`, { body: { method: 'link' } });
    expect(reset.statusCode, reset.body).toBe(200);
    keep('reset token', new URL(reset.json().setPasswordLink.url as string).searchParams.get('token'));
    await t.call('GET', `/api/auth/me?token=${linkToken}&apiKey=${token}`, { as: null });

    // A card payment: the card's number and CVC, and the guest's checkout secret.
    const product = await buildProduct(t, { priceFiat: '5.00', stock: 5 });
    const session = await t.call('POST', '/api/checkout/session', {
      as: null,
      body: { items: [{ productId: product.id, qty: 1 }], email: 'buyer@example.com', provider: 'sandbox' },
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(session.statusCode, session.body).toBe(201);
    const { paymentId, orderId, checkoutSecret } = session.json();
    keep('checkout secret', checkoutSecret);
    const paid = await t.call('POST', `/api/payments/sandbox/${paymentId}/confirm`, { as: null, body: CARD });
    expect(paid.statusCode, paid.body).toBe(200);
    keep('card number', CARD.cardNumber);
    keep('card number (digits)', CARD.cardNumber.replace(/ /g, ''));
    const declined = await t.call('POST', `/api/payments/sandbox/${paymentId}/confirm`, {
      as: null,
      body: { ...CARD, cardNumber: '5555 5555 5555 4444' },
    });
    expect(declined.statusCode).toBeGreaterThanOrEqual(400);
    keep('other card number', '5555555555554444');
    await t.call('GET', `/api/checkout/order/${orderId}`, {
      as: null,
      headers: { 'x-checkout-secret': checkoutSecret },
    });

    // The metrics token, right and wrong.
    expect((await t.call('GET', '/metrics', { token: METRICS_TOKEN })).statusCode).toBe(200);

    // The email worker over what these requests queued (the set-password and reset links are in their bodies).
    const workerLines: string[] = [];
    const log = {
      info: (f: object, m: string) => workerLines.push(JSON.stringify({ ...f, msg: m })),
      warn: (f: object, m: string) => workerLines.push(JSON.stringify({ ...f, msg: m })),
      error: (m: string) => workerLines.push(m),
    };
    while (await workOnce(t.db, createMailer({ from: 'Shop <shop@test.dev>' }), {}, undefined, log)) {
      /* more */
    }
    expect(workerLines.length).toBeGreaterThan(0);

    const all = logged.join('') + workerLines.join('\n');
    const requestLines = all.split('\n').filter((l) => l.includes('"statusCode"'));
    expect(requestLines.length).toBeGreaterThan(15); // the log did record these requests
    expect(t.app.log.level).toBe('debug');
    const found = [...secrets].filter(([, value]) => all.includes(value)).map(([what]) => what);
    expect(found).toEqual([]);
    expect(secrets.size).toBeGreaterThan(20);
  });
});
