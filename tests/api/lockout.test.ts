import { hash, verify } from '@node-rs/argon2';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loginFailures } from '../../server/db/schema.js';
import { buildUser, PASSWORD } from './factories.js';
import { createTestApp, type TestApp } from './harness.js';

/**
 * The login lockout counts per email and client address: each case sends from loopback addresses of its own
 * (127.0.0.x), which the server sees as req.ip, so one address can be locked while another logs in.
 */
// The password hashing itself, watched: every login answer must pay for one argon2 operation, whatever the case.
vi.mock('@node-rs/argon2', async (real) => {
  const argon = await real<typeof import('@node-rs/argon2')>();
  return { ...argon, hash: vi.fn(argon.hash), verify: vi.fn(argon.verify) };
});

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const INVALID = { ok: false, success: false, code: 'invalid_credentials', error: 'Invalid email or password.' };

async function timed<T>(work: () => Promise<T>): Promise<[T, number]> {
  const start = performance.now();
  const result = await work();
  return [result, performance.now() - start];
}

/**
 * The CPU time this process spent while `work` ran (argon2's threads included), in ms: the cost of an answer. Unlike
 * its wall time it hardly moves when other processes crowd the machine (at load 20 the wall times of one case spread
 * from 22 to 154 ms).
 */
async function cpuMs(work: () => Promise<unknown>): Promise<number> {
  const start = process.cpuUsage();
  await work();
  const spent = process.cpuUsage(start);
  return (spent.user + spent.system) / 1000;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

describe('the login lockout, per account and address', () => {
  it('five failures from one address lock that address only: the owner logs in from another', async () => {
    const owner = await buildUser(t, { role: 'admin' });
    for (let i = 0; i < 5; i++) expect((await t.login(owner.email, `guess-${i}`, '127.0.0.2')).statusCode).toBe(401);
    const refused = await t.login(owner.email, PASSWORD, '127.0.0.2');
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject(INVALID);

    const elsewhere = await t.login(owner.email, PASSWORD, '127.0.0.3');
    expect(elsewhere.statusCode, elsewhere.body).toBe(200);
    expect(elsewhere.json().user.email).toBe(owner.email);
    expect((await t.login(owner.email)).statusCode).toBe(200);
    // The owner's logins lift nothing for the failing address.
    expect((await t.login(owner.email, PASSWORD, '127.0.0.2')).json()).toMatchObject(INVALID);

    const rows = await t.db.select().from(loginFailures).where(eq(loginFailures.email, owner.email));
    expect(rows).toEqual([expect.objectContaining({ ip: '127.0.0.2', lockedUntil: expect.any(Date) })]);
  });

  it("failures from many addresses slow the account's answers but lock nobody out", async () => {
    const owner = await buildUser(t, { role: 'finance' });
    for (const from of ['127.0.0.4', '127.0.0.5', '127.0.0.6']) {
      for (let i = 0; i < 4; i++) expect((await t.login(owner.email, `spray-${i}`, from)).statusCode).toBe(401);
    }
    // 12 recent failures, 7 past the limit of 5: every answer for this email now waits 500 ms.
    const [owners, ownerMs] = await timed(() => t.login(owner.email, PASSWORD, '127.0.0.7'));
    expect(owners.statusCode, owners.body).toBe(200);
    expect(ownerMs).toBeGreaterThanOrEqual(450);
    const [wrong, wrongMs] = await timed(() => t.login(owner.email, 'spray-again', '127.0.0.4'));
    expect(wrong.json()).toMatchObject(INVALID);
    expect(wrongMs).toBeGreaterThanOrEqual(450);
    // None of the spraying addresses reached the limit: each may still log in with the password.
    expect((await t.login(owner.email, PASSWORD, '127.0.0.5')).statusCode).toBe(200);
  });

  it('answers an unknown email, a wrong password and a locked address with the same status and body', async () => {
    const known = await buildUser(t, { role: 'operator' });
    const locked = await buildUser(t, { role: 'operator' });
    for (let i = 0; i < 5; i++) await t.login(locked.email, 'wrong', '127.0.0.8');
    const answers = [
      await t.login(`nobody.${Date.now()}@test.dev`, PASSWORD, '127.0.0.8'),
      await t.login(known.email, 'not-the-password', '127.0.0.8'),
      await t.login(locked.email, PASSWORD, '127.0.0.8'),
    ];
    // The same answer, but for the id of each request (`requestId`).
    const { requestId: _, ...first } = answers[0]!.json();
    for (const res of answers) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ ...first, requestId: res.headers['x-request-id'] });
    }
    expect(answers[0]!.json()).toMatchObject(INVALID);
  });

  it('counts an unknown email as an account: five failures lock that address out of it too', async () => {
    const ghost = `ghost.${Date.now()}@test.dev`;
    for (let i = 0; i < 5; i++) await t.login(ghost, `guess-${i}`, '127.0.0.9');
    const [row] = await t.db.select().from(loginFailures).where(eq(loginFailures.email, ghost));
    expect(row).toMatchObject({ ip: '127.0.0.9', failures: 5, lockedUntil: expect.any(Date) });
  });

  it('costs about as much for an unknown email, a wrong password and a locked address (no fast path)', async () => {
    const known = await buildUser(t, { role: 'user' });
    const locked = await buildUser(t, { role: 'user' });
    for (let i = 0; i < 5; i++) await t.login(locked.email, 'wrong', '127.0.0.10');
    const ms = { unknown: [] as number[], wrong: [] as number[], locked: [] as number[] };
    for (let i = 0; i < 5; i++) {
      ms.unknown.push(await cpuMs(() => t.login(`timing.${i}.${Date.now()}@test.dev`, PASSWORD, '127.0.0.11')));
      ms.wrong.push(await cpuMs(() => t.login(known.email, `wrong-${i}`, '127.0.0.11')));
      ms.locked.push(await cpuMs(() => t.login(locked.email, PASSWORD, '127.0.0.10')));
    }
    const [unknown, wrong, lockedMs] = [median(ms.unknown), median(ms.wrong), median(ms.locked)];
    // Generous factors; the old locked answer skipped the password check and cost about a sixth of the others.
    expect(lockedMs * 3, JSON.stringify(ms)).toBeGreaterThan(unknown);
    expect(wrong * 3, JSON.stringify(ms)).toBeGreaterThan(unknown);
    expect(unknown * 3, JSON.stringify(ms)).toBeGreaterThan(wrong);
  });

  it('spends one argon2 hash or verification on an unknown email, a wrong password and a locked address alike', async () => {
    const known = await buildUser(t, { role: 'user' });
    const locked = await buildUser(t, { role: 'user' });
    for (let i = 0; i < 5; i++) await t.login(locked.email, 'wrong', '127.0.0.12');
    const argonCalls = () => vi.mocked(hash).mock.calls.length + vi.mocked(verify).mock.calls.length;
    const cases = {
      unknown: () => t.login(`argon.${Date.now()}@test.dev`, PASSWORD, '127.0.0.13'),
      wrong: () => t.login(known.email, 'not-the-password', '127.0.0.13'),
      locked: () => t.login(locked.email, PASSWORD, '127.0.0.12'),
    };
    const spent: Record<string, number> = {};
    for (const [name, login] of Object.entries(cases)) {
      const before = argonCalls();
      expect((await login()).statusCode, name).toBe(401);
      spent[name] = argonCalls() - before;
    }
    expect(spent).toEqual({ unknown: 1, wrong: 1, locked: 1 });
  });
});
