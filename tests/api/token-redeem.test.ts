/**
 * Redeem on a holder's line (issue 42): staff burn tokens a holder gave back for the asset. The burn is a job of the mint
 * queue (kind redeem), sent by the worker once: the indexed holders show it as burned, reconcile agrees, the audit log
 * and the metrics count it. More than the wallet holds (less what is already being redeemed), a frozen wallet or a
 * product without a token is a 409 sentence that queues nothing; above the manual mint threshold a second member of
 * staff approves it in the Mint Queue.
 */
import { and, eq, sql } from 'drizzle-orm';
import { parseEventLogs, zeroAddress, type Hex, type PublicClient } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rwaTokenAbi } from '../../server/chain/contract.js';
import { devFundedAccounts } from '../../server/chain/hd.js';
import { auditEvents, mintJobs, webhookEvents } from '../../server/db/schema.js';
import { tokensRedeemed } from '../../server/modules/metrics/business.js';
import { buildProduct, buildUser } from './factories.js';
import { createTestApp, type TestApp } from './harness.js';
import { metricValue } from './metric-value.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ WEBHOOK_ALLOW_INSECURE: 'true' }, { chain: true, worker: { pollMs: 100 } });
});
afterAll(async () => {
  await t.close();
});

const chain = () => t.app.ctx.chain!.chain!;
const holder = devFundedAccounts()[2]!;
const who = holder.address.toLowerCase();
const tokenId = String(3_000_000 + Math.floor(Math.random() * 1e9));
let productId: string;

type Job = { id: string; status: string; kind: string; txHash: string | null };

const holdersOf = async () => {
  const res = await t.call('GET', `/api/products/${productId}/holders`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().holders as { supply: Record<string, string>; holders: { wallet: string; balance: string }[] };
};
const balanceShown = async () => (await holdersOf()).holders.find((h) => h.wallet === who)?.balance ?? '0';
const redeem = (body: Record<string, unknown>, as: 'operator' | 'admin' | 'finance' | 'user' = 'operator') =>
  t.call('POST', `/api/products/${productId}/holders/redeem`, { as, body });
const jobOf = async (id: string) => (await t.call('GET', `/api/mint-jobs/${id}`)).json().job as Job;
const redeemJobs = async () =>
  t.db
    .select({ id: mintJobs.id })
    .from(mintJobs)
    .where(and(eq(mintJobs.kind, 'redeem'), eq(mintJobs.tokenId, tokenId)));

/** The burns of this token from the holder's wallet that a transaction's receipt logs. */
async function burnsIn(hash: string) {
  const receipt = await (chain().publicClient as unknown as PublicClient).getTransactionReceipt({ hash: hash as Hex });
  return parseEventLogs({ abi: rwaTokenAbi, logs: receipt.logs, eventName: 'TransferSingle' }).filter((l) => {
    const a = l.args as { from: string; to: string; id: bigint };
    return a.from.toLowerCase() === who && a.to === zeroAddress && a.id === BigInt(tokenId);
  });
}

describe('Redeem on a holder’s line', () => {
  it('burns that many of the wallet’s tokens once, through the mint queue: burned, circulation and reconcile agree', async () => {
    productId = (await buildProduct(t, { tokenId, rwaType: 'art', requiresVerifiedHolders: false })).id;
    const minted = await t.call('POST', '/api/mint-jobs', {
      as: 'operator',
      body: { walletAddress: holder.address, tokenId: Number(tokenId), amount: '5', note: 'For the redeem test' },
    });
    expect(minted.statusCode, minted.body).toBe(201);
    await expect.poll(balanceShown, { timeout: 20_000 }).toBe('5');
    const endpoint = await t.call('POST', '/api/webhooks', {
      body: { url: 'http://127.0.0.1:9/hook', events: ['token.redeemed', 'mint.succeeded'] },
    });
    expect(endpoint.statusCode, endpoint.body).toBe(201);
    const counted = await metricValue(tokensRedeemed);

    const res = await redeem({ wallet: holder.address, amount: '2', reason: 'Holder took delivery of the piece' });
    expect(res.statusCode, res.body).toBe(201);
    const job = res.json().job;
    expect(job).toMatchObject({
      kind: 'redeem',
      source: 'redemption',
      orderId: 'manual',
      amount: '2',
      tokenId,
      status: 'processing',
      note: 'Holder took delivery of the piece',
    });
    await expect.poll(async () => (await jobOf(job.id)).status, { timeout: 20_000 }).toBe('succeeded');
    await expect.poll(balanceShown, { timeout: 20_000 }).toBe('3');
    expect((await holdersOf()).supply).toEqual({ minted: '5', inCirculation: '3', burned: '2' });
    const done = await jobOf(job.id);
    expect(await burnsIn(done.txHash!)).toHaveLength(1);
    expect(await metricValue(tokensRedeemed)).toBe(counted + 2);

    // Further passes of the worker send nothing again: still one burn job, still 2 burned.
    await new Promise((r) => setTimeout(r, 500));
    expect(await redeemJobs()).toHaveLength(1);
    expect((await holdersOf()).supply.burned).toBe('2');

    const [entry] = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'product.redeem'), eq(auditEvents.entityId, productId)));
    expect(entry!.data).toMatchObject({
      mintJobId: job.id,
      tokenId,
      wallet: who,
      amount: '2',
      reason: 'Holder took delivery of the piece',
      awaitingApproval: false,
    });
    const events = await t.db
      .select({ type: webhookEvents.type })
      .from(webhookEvents)
      .where(sql`${webhookEvents.payload} -> 'data' ->> 'id' = ${job.id}`);
    expect(events.map((e) => e.type)).toEqual(['token.redeemed']);

    const checks = (await t.call('GET', '/api/reconcile')).json().reconciliation.checks as { ok: boolean }[];
    expect(checks.filter((c) => !c.ok)).toEqual([]);
  });

  it('more than the wallet holds, a frozen wallet or a product without a token: a 409 sentence, nothing queued', async () => {
    const over = await redeem({ wallet: holder.address, amount: '4', reason: 'Too many' });
    expect(over.statusCode).toBe(409);
    expect(over.json()).toMatchObject({
      code: 'over_balance',
      error: `Wallet ${who} holds 3 of this token, 0 of them already being redeemed: 4 more cannot be redeemed.`,
    });
    const stranger = await redeem({ wallet: devFundedAccounts()[3]!.address, amount: '1', reason: 'Not a holder' });
    expect(stranger.statusCode).toBe(409);
    expect(stranger.json().code).toBe('over_balance');

    const frozen = await t.call('POST', `/api/products/${productId}/holders/freeze`, {
      as: 'operator',
      body: { wallet: holder.address, reason: 'Court order' },
    });
    expect(frozen.statusCode, frozen.body).toBe(200);
    const refused = await redeem({ wallet: holder.address, amount: '1', reason: 'Frozen' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'frozen',
      error: `Wallet ${who} is frozen for this token: unfreeze it before redeeming its tokens.`,
    });
    const unfrozen = await t.call('POST', `/api/products/${productId}/holders/unfreeze`, {
      as: 'operator',
      body: { wallet: holder.address, reason: 'Order lifted' },
    });
    expect(unfrozen.statusCode, unfrozen.body).toBe(200);

    const plain = await buildProduct(t, { tokenId: null, title: 'No token yet' });
    const untokenised = await t.call('POST', `/api/products/${plain.id}/holders/redeem`, {
      as: 'operator',
      body: { wallet: holder.address, amount: '1', reason: 'No token' },
    });
    expect(untokenised.statusCode).toBe(409);
    expect(untokenised.json().error).toBe(
      'Only a tokenised product’s tokens can be redeemed: "No token yet" has no token id.',
    );
    const unknown = await t.call('POST', '/api/products/00000000-0000-4000-8000-000000000000/holders/redeem', {
      as: 'operator',
      body: { wallet: holder.address, amount: '1', reason: 'Nobody' },
    });
    expect(unknown.statusCode).toBe(404);
    expect(await redeemJobs()).toHaveLength(1);
  });

  it('bad input is a 400 sentence; finance and shoppers may not redeem', async () => {
    const bad = [
      [{ wallet: 'nope', amount: '1', reason: 'Bad wallet' }, /Wallet must be an EVM address/],
      [{ wallet: holder.address, amount: '0', reason: 'Zero' }, /Amount must be a whole number of at least 1\.$/],
      [{ wallet: holder.address, amount: '1.5', reason: 'Half' }, /Amount must be a whole number of at least 1\.$/],
      [{ wallet: holder.address, amount: '1', reason: 'x' }, /Reason/],
    ] as const;
    for (const [body, said] of bad) {
      const res = await redeem(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error).toMatch(said);
    }
    expect((await redeem({ wallet: holder.address, amount: '1', reason: 'Finance' }, 'finance')).statusCode).toBe(403);
    expect((await redeem({ wallet: holder.address, amount: '1', reason: 'Shopper' }, 'user')).statusCode).toBe(403);
    expect(await redeemJobs()).toHaveLength(1);
  });

  it('above the threshold it waits for another member of staff; what waits counts against the balance', async () => {
    await t.call('PUT', '/api/settings', { body: { manualMintDualControlAbove: 1 } });
    try {
      const operator = await buildUser(t, { role: 'operator' });
      const token = (await t.login(operator.email)).json().token as string;
      const asked = await t.call('POST', `/api/products/${productId}/holders/redeem`, {
        token,
        body: { wallet: holder.address, amount: '2', reason: 'Two pieces delivered' },
      });
      expect(asked.statusCode, asked.body).toBe(201);
      const job = asked.json().job;
      expect(job.status).toBe('awaiting_approval');
      // 3 held, 2 waiting: 2 more is over.
      const more = await redeem({ wallet: holder.address, amount: '2', reason: 'Again' });
      expect(more.statusCode).toBe(409);
      expect(more.json().error).toBe(
        `Wallet ${who} holds 3 of this token, 2 of them already being redeemed: 2 more cannot be redeemed.`,
      );
      const own = await t.call('POST', `/api/mint-jobs/${job.id}/approve`, { token });
      expect(own.statusCode).toBe(403);
      expect((await t.call('POST', `/api/mint-jobs/${job.id}/approve`, { as: 'admin' })).statusCode).toBe(200);
      await expect.poll(async () => (await jobOf(job.id)).status, { timeout: 20_000 }).toBe('succeeded');
      await expect.poll(balanceShown, { timeout: 20_000 }).toBe('1');
      expect((await holdersOf()).supply).toEqual({ minted: '5', inCirculation: '1', burned: '4' });
    } finally {
      await t.call('PUT', '/api/settings', { body: { manualMintDualControlAbove: 100 } });
    }
  });
});
