import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import type { Address, PublicClient } from 'viem';
import { readBalance } from '../../server/chain/contract.js';
import { auditEvents, emailMessages, mintJobs, notifications } from '../../server/db/schema.js';
import { buildMintJob, buildOrder, buildProduct, buildUser, freshWallet, PASSWORD } from './factories.js';
import { createTestApp, type TestApp } from './harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { chain: true, worker: { pollMs: 100 } });
});
afterAll(async () => {
  await t.close();
});

const chain = () => t.app.ctx.chain!.chain!;
const balanceOf = (owner: Address, id: bigint) =>
  readBalance(chain().publicClient as unknown as PublicClient, chain().tokenAddress, owner, id);
const jobCount = async () => (await t.db.select({ n: count() }).from(mintJobs))[0]!.n;

type Job = {
  id: string;
  status: string;
  attempts: number;
  txHash: string | null;
  orderId: string;
  explorerUrl: string | null;
  lastError: string | null;
};

async function until(id: string, status: string, timeoutMs = 15_000): Promise<Job> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const job = (await t.call('GET', `/api/mint-jobs/${id}`)).json().job as Job;
    if (job.status === status || Date.now() > deadline) return job;
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('manual mint jobs', () => {
  it('an operator queues a mint; the worker mints it on the dev chain', async () => {
    const wallet = freshWallet();
    const res = await t.call('POST', '/api/mint-jobs', {
      as: 'operator',
      body: { walletAddress: wallet.toLowerCase(), tokenId: 7, amount: '3', note: 'Promised to a partner' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json().job;
    expect(created).toMatchObject({
      orderId: 'manual',
      walletAddress: wallet,
      tokenId: '7',
      amount: '3',
      status: 'processing',
      attempts: 0,
      txHash: null,
      note: 'Promised to a partner',
      approvedBy: null,
    });

    const done = await until(created.id, 'succeeded');
    expect(done).toMatchObject({ status: 'succeeded', attempts: 1 });
    expect(done.txHash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(done.explorerUrl).toBe(`/tx/${done.txHash}`);
    expect(await balanceOf(wallet, 7n)).toBe(3n);

    const list = (await t.call('GET', '/api/mint-jobs?limit=5', { as: 'finance' })).json();
    expect(list.jobs[0].id).toBe(created.id);
    expect(list.counts.succeeded).toBeGreaterThanOrEqual(1);
    expect(list.worker).toMatchObject({ active: true, chainId: 31337, error: null });

    const tx = await t.call('GET', `/api/chain/tx/${done.txHash}`);
    expect(tx.statusCode, tx.body).toBe(200);
    expect(tx.json()).toMatchObject({ chainId: 31337, receipt: { status: 'success' }, job: { id: created.id } });
    expect(tx.json().transaction.to.toLowerCase()).toBe(chain().tokenAddress.toLowerCase());
  });

  it.each([
    [{ walletAddress: '0x123', tokenId: 1, amount: 1 }, 'walletAddress'],
    [{ walletAddress: '0x5fbDB2315678afecb367f032d93F642f64180aa3', tokenId: 1, amount: 1 }, 'walletAddress'],
    [{ tokenId: 1, amount: 1 }, 'walletAddress'],
    [{ walletAddress: freshWallet(), tokenId: 0, amount: 1 }, 'tokenId'],
    [{ walletAddress: freshWallet(), tokenId: 1.5, amount: 1 }, 'tokenId'],
    [{ walletAddress: freshWallet(), tokenId: 1, amount: 'x' }, 'amount'],
    [{ walletAddress: freshWallet(), tokenId: 1, amount: -2 }, 'amount'],
    [{ walletAddress: freshWallet(), tokenId: 1, amount: 1, note: undefined }, 'note'],
    [{ walletAddress: freshWallet(), tokenId: 1, amount: 1, note: ' ab ' }, 'note'],
    [{ walletAddress: freshWallet(), tokenId: 1, amount: 1, note: 'x'.repeat(501) }, 'note'],
  ])('refuses %j with 400 naming %s, and queues nothing', async (body, field) => {
    const before = await jobCount();
    const res = await t.call('POST', '/api/mint-jobs', { body: { note: 'A test mint', ...body } });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().fields).toHaveProperty(field);
    expect(res.json().error).toMatch(/\.$/);
    expect(await jobCount()).toBe(before);
  });

  it('finance reads the queue but cannot mint; shoppers cannot read it; no token is 401', async () => {
    const body = { walletAddress: freshWallet(), tokenId: 1, amount: 1, note: 'A test mint' };
    expect((await t.call('POST', '/api/mint-jobs', { as: 'finance', body })).statusCode).toBe(403);
    expect((await t.call('GET', '/api/mint-jobs', { as: 'finance' })).statusCode).toBe(200);
    expect((await t.call('GET', '/api/mint-jobs', { as: 'user' })).statusCode).toBe(403);
    expect((await t.call('GET', '/api/mint-jobs', { as: null })).statusCode).toBe(401);
    expect((await t.call('POST', '/api/mint-jobs', { as: null, body })).statusCode).toBe(401);
  });

  it('retrying a job that is not failed is a 409; an unknown job is a 404', async () => {
    const job = await until((await buildMintJob(t)).id, 'succeeded');
    const retry = await t.call('POST', `/api/mint-jobs/${job.id}/retry`, { as: 'operator' });
    expect(retry.statusCode).toBe(409);
    expect(retry.json().error).toBe('Only a failed job can be retried; this one is succeeded.');
    expect((await t.call('POST', '/api/mint-jobs/00000000-0000-4000-8000-000000000000/retry')).statusCode).toBe(404);
    expect((await t.call('POST', `/api/mint-jobs/${job.id}/retry`, { as: 'finance' })).statusCode).toBe(403);
  });

  it('a job’s page reads it for staff (finance too); an unknown job is a 404 with a sentence; a shopper is refused', async () => {
    const job = await until((await buildMintJob(t)).id, 'succeeded');
    const read = await t.call('GET', `/api/mint-jobs/${job.id}`, { as: 'finance' });
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json().job).toMatchObject({ id: job.id, status: 'succeeded', txHash: job.txHash, attempts: 1 });
    const unknown = await t.call('GET', '/api/mint-jobs/00000000-0000-4000-8000-000000000000', { as: 'operator' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ ok: false, code: 'not_found', error: 'Mint job not found.' });
    expect((await t.call('GET', `/api/mint-jobs/${job.id}`, { as: 'user' })).statusCode).toBe(403);
  });

  it('a failed job can be retried by an operator and then succeeds', async () => {
    const wallet = freshWallet();
    const [row] = await t.db
      .insert(mintJobs)
      .values({
        walletAddress: wallet,
        tokenId: '4',
        amount: '2',
        status: 'failed',
        attempts: 5,
        lastError: 'RPC timeout',
      })
      .returning();
    const alerts = (await t.call('GET', '/api/dashboard/stats')).json().alerts;
    expect(alerts).toContainEqual({ level: 'error', code: 'failed_mints', params: { count: 1 } });
    const retry = await t.call('POST', `/api/mint-jobs/${row!.id}/retry`, { as: 'operator' });
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.json().job).toMatchObject({ status: 'queued', attempts: 0 });
    expect(await until(row!.id, 'succeeded')).toMatchObject({ status: 'succeeded', attempts: 1, lastError: null });
    expect(await balanceOf(wallet, 4n)).toBe(2n);
  });

  it('the list filters by status and reports counts per status', async () => {
    const res = await t.call('GET', '/api/mint-jobs?status=succeeded&limit=2&sort=createdAt&order=asc');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.jobs.every((j: Job) => j.status === 'succeeded')).toBe(true);
    expect(body.total).toBe(body.counts.succeeded);
    expect((await t.call('GET', '/api/mint-jobs?status=lost')).statusCode).toBe(400);
  });
});

describe('orders and the queue', () => {
  it('a paid order of a tokenised product queues one job per line and is fulfilled when it is minted', async () => {
    const wallet = freshWallet();
    const p = await buildProduct(t, { tokenId: '42', stock: 5 });
    const paid = await buildOrder(t, { productId: p.id, qty: 2, walletAddress: wallet, paid: true });
    expect(paid).toMatchObject({ status: 'paid', walletAddress: wallet });
    const orderId = paid.id;
    const jobs = await t.db.select().from(mintJobs).where(eq(mintJobs.orderId, orderId));
    expect(jobs).toHaveLength(1);
    expect(jobs[0]).toMatchObject({ tokenId: '42', amount: '2', walletAddress: wallet, productId: p.id });

    await until(jobs[0]!.id, 'succeeded');
    expect(await balanceOf(wallet, 42n)).toBe(2n);
    const deadline = Date.now() + 5000;
    let order = (await t.call('GET', `/api/orders/${orderId}`)).json().order;
    while (order.status !== 'fulfilled' && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 50));
      order = (await t.call('GET', `/api/orders/${orderId}`)).json().order;
    }
    expect(order.status).toBe('fulfilled');
    // The buyer is told, with the transaction's link, in the transaction that recorded the mint.
    const minted = (await t.db.select().from(mintJobs).where(eq(mintJobs.orderId, orderId)))[0]!;
    const [note] = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, order.customer.id), eq(notifications.title, 'Your token 42 was minted')));
    expect(note).toMatchObject({ link: `/shop/tx/${minted.txHash}` });
    expect(note!.body).toBe(`2 of token 42 from order ${orderId} reached ${wallet} in transaction ${minted.txHash}.`);
    const [mail] = await t.db
      .select()
      .from(emailMessages)
      .where(
        and(eq(emailMessages.toAddress, order.customer.email), eq(emailMessages.subject, 'Your token 42 was minted')),
      );
    expect(mail!.body).toContain(`/shop/tx/${minted.txHash}`);
    // That link is the buyer's own page of the transaction in the shop; to anyone else it does not exist.
    const buyer = (await t.login(order.customer.email, PASSWORD)).json().token as string;
    const own = await t.call('GET', `/api/shop/tx/${minted.txHash!.toUpperCase().replace('0X', '0x')}`, {
      token: buyer,
    });
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().transaction).toMatchObject({
      hash: minted.txHash,
      kind: 'mint',
      orderId,
      tokenId: '42',
      amount: '2',
      walletAddress: wallet,
      status: 'success',
      explorerUrl: null,
    });
    expect(own.json().transaction.confirmations).toBeGreaterThanOrEqual(1);
    const stranger = await buildUser(t);
    const strangerToken = (await t.login(stranger.email, PASSWORD)).json().token as string;
    for (const token of [strangerToken, undefined])
      expect((await t.call('GET', `/api/shop/tx/${minted.txHash}`, { token })).statusCode).toBe(404);
    expect((await t.call('GET', `/api/shop/tx/${minted.txHash}`, { as: null })).statusCode).toBe(401);
    expect((await t.call('GET', '/api/shop/tx/0x12', { token: buyer })).statusCode).toBe(400);
    expect(order.mintJobs).toEqual([expect.objectContaining({ id: jobs[0]!.id, status: 'succeeded', orderId })]);
    expect(order.fulfilledAt).not.toBeNull();
  });

  it('an order of a product without a token id queues nothing and stays paid', async () => {
    const order = await buildOrder(t, { paid: true });
    expect(order.status).toBe('paid');
    expect(await t.db.select().from(mintJobs).where(eq(mintJobs.orderId, order.id))).toHaveLength(0);
  });
});

describe('manual mint dual control', () => {
  it('above manualMintDualControlAbove (100) a mint awaits another member of staff: not by its asker (403), once (409), then minted and audited', async () => {
    const wallet = freshWallet();
    const operator = await t.user('operator');
    const token = (await t.login(operator.email)).json().token as string;
    const res = await t.call('POST', '/api/mint-jobs', {
      token,
      body: { walletAddress: wallet, tokenId: 9, amount: '101', note: 'Launch allocation' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const job = res.json().job;
    expect(job).toMatchObject({
      status: 'awaiting_approval',
      createdBy: operator.id,
      note: 'Launch allocation',
      approvedBy: null,
    });
    expect(
      (await t.call('GET', '/api/mint-jobs?status=awaiting_approval')).json().jobs.map((j: Job) => j.id),
    ).toContain(job.id);
    await new Promise((r) => setTimeout(r, 500)); // several polls of the worker
    expect((await t.call('GET', `/api/mint-jobs/${job.id}`)).json().job).toMatchObject({
      status: 'awaiting_approval',
      attempts: 0,
      txHash: null,
    });

    const own = await t.call('POST', `/api/mint-jobs/${job.id}/approve`, { token });
    expect(own.statusCode).toBe(403);
    expect(own.json()).toMatchObject({
      code: 'own_mint',
      error: 'You asked for this mint: another member of staff must approve it.',
    });
    expect((await t.call('POST', `/api/mint-jobs/${job.id}/approve`, { as: 'finance' })).statusCode).toBe(403);
    const approved = await t.call('POST', `/api/mint-jobs/${job.id}/approve`, { as: 'admin' });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().job).toMatchObject({ approvedBy: expect.any(String), approvedAt: expect.any(String) });
    const again = await t.call('POST', `/api/mint-jobs/${job.id}/approve`, { as: 'operator' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatch(
      /^This mint job is (processing|succeeded): only one awaiting approval can be approved\.$/,
    );
    await until(job.id, 'succeeded');
    expect(await balanceOf(wallet, 9n)).toBe(101n);
    const [entry] = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entityId, job.id), eq(auditEvents.action, 'mint.approve')));
    expect(entry).toMatchObject({
      actorId: approved.json().job.approvedBy,
      data: { amount: '101', createdBy: operator.id },
    });
    const [asked] = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entityId, job.id), eq(auditEvents.action, 'mint.create_manual')));
    expect(asked!.data).toMatchObject({ note: 'Launch allocation', awaitingApproval: true });
  });

  it('a mint of any amount to the wallet on the asker’s own account awaits another member of staff; to another wallet it is queued at once', async () => {
    const own = freshWallet();
    const operator = await t.user('operator');
    const token = (await t.login(operator.email)).json().token as string;
    const set = await t.call('PUT', '/api/referrals/wallet', { token, body: { walletAddress: own } });
    expect(set.statusCode, set.body).toBe(200);

    const mine = await t.call('POST', '/api/mint-jobs', {
      token,
      body: { walletAddress: own.toLowerCase(), tokenId: 12, amount: '1', note: 'Tokens for myself' },
    });
    expect(mine.statusCode, mine.body).toBe(201);
    const job = mine.json().job;
    expect(job).toMatchObject({ status: 'awaiting_approval', walletAddress: own, createdBy: operator.id });
    const [asked] = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entityId, job.id), eq(auditEvents.action, 'mint.create_manual')));
    expect(asked!.data).toMatchObject({ awaitingApproval: true, ownWallet: true });

    const other = await t.call('POST', '/api/mint-jobs', {
      token,
      body: { walletAddress: freshWallet(), tokenId: 12, amount: '1', note: 'Tokens for a partner' },
    });
    expect(other.json().job.status).toBe('processing');

    for (const decision of ['approve', 'reject'] as const) {
      const refused = await t.call('POST', `/api/mint-jobs/${job.id}/${decision}`, {
        token,
        body: decision === 'reject' ? { reason: 'Changed my mind' } : undefined,
      });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().code).toBe('own_mint');
    }
    expect((await t.call('GET', `/api/mint-jobs/${job.id}`)).json().job.status).toBe('awaiting_approval');
    const approved = await t.call('POST', `/api/mint-jobs/${job.id}/approve`, { as: 'admin' });
    expect(approved.statusCode, approved.body).toBe(200);
    expect((await until(job.id, 'succeeded')).status).toBe('succeeded');
    expect(await balanceOf(own, 12n)).toBe(1n);
  });

  it('a colleague whose account wallet receives the mint may not approve it; another may', async () => {
    const theirs = freshWallet();
    const colleague = await t.user('operator');
    const token = (await t.login(colleague.email)).json().token as string;
    expect((await t.call('PUT', '/api/referrals/wallet', { token, body: { walletAddress: theirs } })).statusCode).toBe(
      200,
    );
    const asked = await t.call('POST', '/api/mint-jobs', {
      as: 'admin',
      body: { walletAddress: theirs, tokenId: 12, amount: '1000', note: 'A large mint for a colleague' },
    });
    const job = asked.json().job;
    expect(job.status).toBe('awaiting_approval');
    const refused = await t.call('POST', `/api/mint-jobs/${job.id}/approve`, { token });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      code: 'own_mint',
      error: 'This mint goes to the wallet on your account: another member of staff must approve it.',
    });
    expect((await t.call('GET', `/api/mint-jobs/${job.id}`)).json().job.status).toBe('awaiting_approval');
    const approved = await t.call('POST', `/api/mint-jobs/${job.id}/approve`, { as: 'operator' });
    expect(approved.statusCode, approved.body).toBe(200);
  });

  it('at the threshold a mint is queued at once; the threshold is a setting', async () => {
    const atLimit = await t.call('POST', '/api/mint-jobs', {
      body: { walletAddress: freshWallet(), tokenId: 1, amount: '100', note: 'At the limit' },
    });
    expect(atLimit.json().job.status).toBe('processing');
    await t.call('PUT', '/api/settings', { body: { manualMintDualControlAbove: 0 } });
    try {
      const one = await t.call('POST', '/api/mint-jobs', {
        body: { walletAddress: freshWallet(), tokenId: 1, amount: '1', note: 'Every mint' },
      });
      expect(one.json().job.status).toBe('awaiting_approval');
      const debug = await t.call('POST', '/api/debug/mint', { body: { to: freshWallet(), id: 1, amount: 1 } });
      expect(debug.json()).toMatchObject({ tx: null, status: 'awaiting_approval' });
    } finally {
      await t.call('PUT', '/api/settings', { body: { manualMintDualControlAbove: 100 } });
    }
    expect((await t.call('PUT', '/api/settings', { body: { manualMintDualControlAbove: 1.5 } })).statusCode).toBe(400);
  });

  it('a job that is not awaiting approval is not approved (409); an unknown one is a 404', async () => {
    const queued = await buildMintJob(t);
    const res = await t.call('POST', `/api/mint-jobs/${queued.id}/approve`);
    expect(res.statusCode).toBe(409);
    expect((await t.call('POST', '/api/mint-jobs/00000000-0000-4000-8000-000000000000/approve')).statusCode).toBe(404);
  });
});

describe('rejecting a manual mint awaiting approval', () => {
  const reject = (
    id: string,
    opts: { as?: 'admin' | 'operator' | 'finance' | 'user' | null; token?: string; body?: unknown },
  ) => t.call('POST', `/api/mint-jobs/${id}/reject`, { body: { reason: 'Not in the launch plan' }, ...opts });

  it('another member of staff rejects it with a reason: never minted, audited, and no longer approvable or retryable', async () => {
    const wallet = freshWallet();
    const operator = await t.user('operator');
    const token = (await t.login(operator.email)).json().token as string;
    const job = (
      await t.call('POST', '/api/mint-jobs', {
        token,
        body: { walletAddress: wallet, tokenId: 11, amount: '250', note: 'Partner bonus' },
      })
    ).json().job;
    expect(job.status).toBe('awaiting_approval');

    const own = await reject(job.id, { token });
    expect(own.statusCode).toBe(403);
    expect(own.json()).toMatchObject({
      code: 'own_mint',
      error: 'You asked for this mint: another member of staff must decide it.',
    });
    for (const as of ['finance', 'user'] as const) expect((await reject(job.id, { as })).statusCode).toBe(403);
    expect((await reject(job.id, { as: null })).statusCode).toBe(401);
    for (const [body, sentence] of [
      [{}, 'Reason is required.'],
      [{ reason: 'no' }, 'Reason must be at least 3 characters.'],
      [{ reason: 'x'.repeat(501) }, 'Reason can be at most 500 characters.'],
    ] as const) {
      const bad = await reject(job.id, { body });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({ code: 'validation', error: `Invalid field "reason": ${sentence}` });
    }
    expect((await t.call('GET', `/api/mint-jobs/${job.id}`)).json().job.status).toBe('awaiting_approval');

    const rejected = await reject(job.id, { as: 'admin', body: { reason: '  Not in the launch plan  ' } });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json().job).toMatchObject({
      status: 'rejected',
      rejectedBy: expect.any(String),
      rejectedAt: expect.any(String),
      rejectReason: 'Not in the launch plan',
      approvedBy: null,
      txHash: null,
    });
    const [entry] = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entityId, job.id), eq(auditEvents.action, 'mint.reject')));
    expect(entry).toMatchObject({
      actorId: rejected.json().job.rejectedBy,
      data: { reason: 'Not in the launch plan', amount: '250', createdBy: operator.id },
    });

    const again = await reject(job.id, { as: 'admin' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe('This mint job is rejected: only one awaiting approval can be rejected.');
    expect((await t.call('POST', `/api/mint-jobs/${job.id}/approve`, { as: 'admin' })).statusCode).toBe(409);
    expect((await t.call('POST', `/api/mint-jobs/${job.id}/retry`, { as: 'admin' })).statusCode).toBe(409);
    await new Promise((r) => setTimeout(r, 500)); // several polls of the worker
    expect((await t.call('GET', `/api/mint-jobs/${job.id}`)).json().job).toMatchObject({
      status: 'rejected',
      attempts: 0,
      txHash: null,
    });
    expect(await balanceOf(wallet, 11n)).toBe(0n);
    const list = (await t.call('GET', '/api/mint-jobs?status=rejected')).json();
    expect(list.jobs.map((j: Job) => j.id)).toContain(job.id);
    expect(list.counts.rejected).toBeGreaterThanOrEqual(1);
  });

  it('a job that is not awaiting approval is not rejected (409, unchanged); an unknown one is a 404', async () => {
    const queued = await buildMintJob(t);
    const res = await reject(queued.id, { as: 'admin' });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('illegal_transition');
    expect((await t.db.select().from(mintJobs).where(eq(mintJobs.id, queued.id)))[0]).toMatchObject({
      rejectedBy: null,
      rejectReason: null,
    });
    expect((await reject('00000000-0000-4000-8000-000000000000', { as: 'admin' })).statusCode).toBe(404);
  });
});

describe('POST /api/debug/mint', () => {
  it('mints through the queue for an admin and answers with the transaction hash', async () => {
    const wallet = freshWallet();
    const res = await t.call('POST', '/api/debug/mint', { as: 'admin', body: { to: wallet, id: 3, amount: 5 } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ ok: true, tx: expect.stringMatching(/^0x[0-9a-f]{64}$/) });
    await until(res.json().jobId, 'succeeded');
    expect(await balanceOf(wallet, 3n)).toBe(5n);
  });

  it('is for admins only and validates its body', async () => {
    expect(
      (await t.call('POST', '/api/debug/mint', { as: 'operator', body: { to: freshWallet(), id: 1, amount: 1 } }))
        .statusCode,
    ).toBe(403);
    const bad = await t.call('POST', '/api/debug/mint', { body: { to: 'nope', id: 1, amount: 1 } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toHaveProperty('to');
  });
});
