import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { conversions, members, mintJobs } from '../../server/db/schema.js';
import { buildUser, freshWallet } from './factories.js';
import { createTestApp, type TestApp } from './harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { chain: true, worker: { pollMs: 100 } });
});
afterAll(async () => {
  await t.close();
});

type Body = Record<string, unknown>;

async function member(points: number, wallet: string | null = freshWallet()) {
  const user = await buildUser(t);
  if (points)
    expect(
      (
        await t.call('POST', '/api/membership/points/add', {
          body: { userId: user.id, amount: points, reason: 'Test points' },
        })
      ).statusCode,
    ).toBe(200);
  const token = (await t.login(user.email)).json().token as string;
  if (wallet)
    expect((await t.call('PUT', '/api/referrals/wallet', { token, body: { walletAddress: wallet } })).statusCode).toBe(
      200,
    );
  return { user, token, wallet };
}
const convert = (token: string, body: Body) => t.call('POST', '/api/membership/tokens/convert', { token, body });
const balanceOf = async (userId: string) =>
  (await t.db.select().from(members).where(eq(members.userId, userId)))[0]?.pointsBalance ?? 0;
const counts = async () => ({
  conversions: (await t.db.select({ n: count() }).from(conversions))[0]!.n,
  jobs: (await t.db.select({ n: count() }).from(mintJobs))[0]!.n,
});

async function untilMinted(token: string, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const [c] = (await t.call('GET', '/api/membership/conversions/history', { token })).json().conversions;
    if (c.status === 'succeeded' || c.status === 'failed' || Date.now() > deadline) return c;
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('POST /api/membership/tokens/convert', () => {
  it('debits the points and queues a mint in one go; once the worker mints, the balance read from the chain rises', async () => {
    const { user, token, wallet } = await member(1000);
    const loyaltyTokenId = (await t.call('GET', '/api/settings')).json().settings.loyaltyTokenId as string;
    const before = (await t.call('GET', '/api/membership/info', { token })).json().member;
    expect(before.tokenBalancesError).toBeNull();
    expect(before.tokenBalances[0]).toMatchObject({ token: 'LOYALTY', tokenId: loyaltyTokenId, amount: '0', value: 0 });

    const res = await convert(token, { fromToken: 'points', toToken: 'LOYALTY', amount: 300 });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().conversion).toMatchObject({
      fromToken: 'POINTS',
      fromAmount: 300,
      toToken: 'LOYALTY',
      toAmount: '3',
      rate: 100,
      tokenId: loyaltyTokenId,
      walletAddress: wallet,
    });
    expect(await balanceOf(user.id)).toBe(700);
    const [job] = await t.db.select().from(mintJobs).where(eq(mintJobs.id, res.json().conversion.mintJobId));
    expect(job).toMatchObject({ walletAddress: wallet, tokenId: loyaltyTokenId, amount: '3', orderId: null });

    const done = await untilMinted(token);
    expect(done).toMatchObject({ status: 'succeeded', fromAmount: 300, toAmount: '3', rate: 100 });
    expect(done.txHash).toMatch(/^0x[0-9a-f]{64}$/);
    const after = (await t.call('GET', '/api/membership/info', { token })).json().member;
    expect(after).toMatchObject({ totalPoints: 700, tokenBalancesError: null });
    expect(after.tokenBalances[0]).toMatchObject({ token: 'LOYALTY', amount: '3', value: 300 });
    const points = (await t.call('GET', '/api/membership/points/history', { token })).json().points;
    expect(points[0]).toMatchObject({ type: 'CONVERTED', amount: -300, conversionId: done.id });
    // Staff see the same history by email.
    expect(
      (await t.call('GET', `/api/membership/conversions/history?email=${user.email}`, { as: 'finance' })).json()
        .conversions[0].id,
    ).toBe(done.id);
    // The mint queue tells a conversion's job from a staff member's Mint Token, in the list and on the job.
    const jobId = res.json().conversion.mintJobId as string;
    const listed = (await t.call('GET', '/api/mint-jobs?limit=100')).json().jobs as {
      id: string;
      orderId: string;
      source: string;
    }[];
    expect(listed.find((j) => j.id === jobId)).toMatchObject({ orderId: 'manual', source: 'conversion' });
    expect((await t.call('GET', `/api/mint-jobs/${jobId}`)).json().job).toMatchObject({
      orderId: 'manual',
      source: 'conversion',
    });
    const manual = await t.call('POST', '/api/mint-jobs', {
      body: { walletAddress: wallet, tokenId: '1', amount: '1', note: 'A staff mint' },
    });
    expect(manual.json().job).toMatchObject({ orderId: 'manual', source: 'manual' });
    expect((await t.call('GET', `/api/mint-jobs/${manual.json().job.id as string}`)).json().job.source).toBe('manual');
  });

  it.each([
    [{ fromToken: 'ETH', toToken: 'LOYALTY', amount: 100 }, 'fromToken'],
    [{ fromToken: 'POINTS', toToken: 'USDC', amount: 100 }, 'toToken'],
    [{ fromToken: 'POINTS', toToken: 'LOYALTY', amount: 0 }, 'amount'],
    [{ fromToken: 'POINTS', toToken: 'LOYALTY', amount: 1.5 }, 'amount'],
    [{ fromToken: 'POINTS', toToken: 'LOYALTY' }, 'amount'],
    [{ fromToken: 'POINTS', toToken: 'LOYALTY', amount: 150 }, 'amount'],
  ])('refuses %j with 400 naming %s, and changes nothing', async (body, field) => {
    const { user, token } = await member(1000);
    const before = await counts();
    const res = await convert(token, body);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().fields).toHaveProperty(field);
    expect(await counts()).toEqual(before);
    expect(await balanceOf(user.id)).toBe(1000);
  });

  it('refuses without a wallet or with too few points (422), and without a token (401)', async () => {
    const noWallet = await member(1000, null);
    const before = await counts();
    const res = await convert(noWallet.token, { fromToken: 'POINTS', toToken: 'LOYALTY', amount: 100 });
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toMatch(/Add a wallet address/);
    const poor = await member(100);
    const short = await convert(poor.token, { fromToken: 'POINTS', toToken: 'LOYALTY', amount: 200 });
    expect(short.statusCode).toBe(422);
    expect(short.json().error).toBe('You have 100 points: converting 200 needs more.');
    expect(
      (
        await t.call('POST', '/api/membership/tokens/convert', {
          as: null,
          body: { fromToken: 'POINTS', toToken: 'LOYALTY', amount: 100 },
        })
      ).statusCode,
    ).toBe(401);
    expect(await counts()).toEqual(before);
    expect(await balanceOf(poor.user.id)).toBe(100);
  });
});
