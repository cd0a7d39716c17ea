/**
 * Crypto payments on the embedded dev chain: a deposit address per payment, the watcher (exact, under, over, a
 * restart mid-watch, never twice), refunds sent back on chain, and the paid order's token minted.
 * Payments are sent the way a wallet sends them: signed by a funded dev account and posted to the dev chain's
 * JSON-RPC endpoint, which stores them for replay.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import {
  createPublicClient,
  createWalletClient,
  http,
  parseEther,
  type Address,
  type Hex,
  type PrivateKeyAccount,
} from 'viem';
import { readBalance } from '../../server/chain/contract.js';
import { depositKeys, DEV_CRYPTO_MNEMONIC, DEV_FUNDED_MNEMONIC, devFundedAccounts } from '../../server/chain/hd.js';
import { cryptoDeposits, cryptoRefunds, mintJobs, orders, paymentEvents, payments } from '../../server/db/schema.js';
import { expireCheckouts } from '../../server/modules/checkout/sweeper.js';
import { buildProduct, freshWallet } from './factories.js';
import { createTestApp, type TestApp } from './harness.js';

const ENV = { CRYPTO_WATCH_MS: '100' };
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(ENV, { chain: true, worker: { pollMs: 100 } });
});
afterAll(async () => {
  await t.close();
});

const rpcUrl = (app: TestApp = t) => app.app.ctx.chain!.chain!.devChain!.rpcUrl!;
const chainOf = (app: TestApp = t) => app.app.ctx.chain!.chain!;
const reader = (app: TestApp = t) => createPublicClient({ chain: chainOf(app).chain, transport: http(rpcUrl(app)) });

/** Sends `ether` from a funded dev account to `to` through the dev chain's endpoint, as a wallet would. */
async function pay(from: PrivateKeyAccount, to: string, ether: string, app: TestApp = t): Promise<Hex> {
  const wallet = createWalletClient({ account: from, chain: chainOf(app).chain, transport: http(rpcUrl(app)) });
  const hash = await wallet.sendTransaction({ to: to as Address, value: parseEther(ether) });
  await reader(app).waitForTransactionReceipt({ hash, pollingInterval: 20 });
  return hash;
}

const checkout = (
  items: { productId: string; qty: number }[],
  provider = 'crypto',
  extra: Record<string, unknown> = {},
) =>
  t.call('POST', '/api/checkout/session', {
    as: null,
    body: { items, email: `crypto.${randomUUID().slice(0, 8)}@test.dev`, provider, ...extra },
    headers: { 'idempotency-key': randomUUID() },
  });

async function cryptoCheckout(
  priceCrypto = '0.25',
  qty = 1,
  extra: Record<string, unknown> = {},
  product: Record<string, unknown> = {},
) {
  const p = await buildProduct(t, { priceCrypto, priceFiat: 100, ...product });
  const res = await checkout([{ productId: p.id, qty }], 'crypto', extra);
  expect(res.statusCode, res.body).toBe(201);
  return { product: p, session: res.json() };
}

const detail = async (id: string) => (await t.call('GET', `/api/payments/${id}`, { as: 'finance' })).json().payment;
const until = async (id: string, ok: (p: { status: string; crypto: { received: string } }) => boolean) => {
  await expect.poll(async () => ok(await detail(id)), { timeout: 15_000, interval: 50 }).toBe(true);
  return detail(id);
};
const events = async (id: string, type: string) =>
  (
    await t.db
      .select({ n: count() })
      .from(paymentEvents)
      .where(and(eq(paymentEvents.paymentId, id), eq(paymentEvents.type, type)))
  )[0]!.n;

const [alice, bob, carol, dave, erin, frank] = devFundedAccounts();

describe('providers', () => {
  it('crypto is configured on the dev chain; paypal, alipay and wechat are not and are refused by name', async () => {
    const list = (await t.call('GET', '/api/payment-sdk/providers', { as: null })).json().providers as {
      name: string;
      configured: boolean;
    }[];
    expect(list.find((p) => p.name === 'crypto')).toMatchObject({ configured: true });
    for (const name of ['paypal', 'alipay', 'wechat'])
      expect(list.find((p) => p.name === name)).toMatchObject({ configured: false });
    const p = await buildProduct(t);
    for (const [provider, sentence] of [
      ['paypal', 'PayPal is not configured.'],
      ['alipay', 'Alipay is not configured.'],
      ['wechat', 'WeChat Pay is not configured.'],
    ]) {
      const res = await checkout([{ productId: p.id, qty: 1 }], provider);
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json()).toMatchObject({ error: sentence, code: 'provider_not_configured' });
    }
  });

  it('a server without a chain lists crypto as not configured and refuses it', async () => {
    const plain = await createTestApp();
    try {
      const p = await buildProduct(plain);
      const res = await plain.call('POST', '/api/checkout/session', {
        as: null,
        body: { items: [{ productId: p.id, qty: 1 }], email: 'x@test.dev', provider: 'crypto' },
        headers: { 'idempotency-key': randomUUID() },
      });
      expect(res.statusCode).toBe(422);
      expect(res.json().error).toBe('Crypto is not configured.');
    } finally {
      await plain.close();
    }
  });
});

describe('checkout with crypto', () => {
  it('answers a fresh deposit address, the exact crypto price, the chain id and the expiry; addresses are never reused', async () => {
    const { session } = await cryptoCheckout('0.12345678', 3);
    expect(session.crypto).toMatchObject({
      amount: '0.37037034',
      chainId: 31337,
      symbol: 'ETH',
      expiresAt: session.expiresAt,
    });
    expect(session.redirectUrl).toBe(`/pay/crypto/${session.paymentId}`);
    const [deposit] = await t.db.select().from(cryptoDeposits).where(eq(cryptoDeposits.paymentId, session.paymentId));
    expect(session.crypto.depositAddress).toBe(depositKeys(DEV_CRYPTO_MNEMONIC).address(deposit!.derivationIndex));
    const second = (await cryptoCheckout()).session;
    expect(second.crypto.depositAddress).not.toBe(session.crypto.depositAddress);
    // Not one of the dev chain's funded accounts: the deposit mnemonic is not Hardhat's.
    expect(DEV_CRYPTO_MNEMONIC).not.toBe(DEV_FUNDED_MNEMONIC);
    expect(devFundedAccounts().map((a) => a.address)).not.toContain(session.crypto.depositAddress);
    expect(await reader().getBalance({ address: session.crypto.depositAddress })).toBe(0n);
    const row = (await t.db.select().from(payments).where(eq(payments.id, session.paymentId)))[0]!;
    expect(row).toMatchObject({
      provider: 'crypto',
      method: 'crypto',
      status: 'pending',
      reference: session.crypto.depositAddress,
    });
    const hosted = (await t.call('GET', `/api/payments/crypto/${session.paymentId}`, { as: null })).json().payment;
    expect(hosted.crypto).toMatchObject({
      depositAddress: session.crypto.depositAddress,
      amount: '0.37037034',
      received: '0',
      missing: '0.37037034',
      // EIP-681: the wallet reads the address, the chain and the exact amount in wei.
      paymentUri: `ethereum:${session.crypto.depositAddress}@${session.crypto.chainId}?value=370370340000000000`,
    });
  });

  it('a coupon scales the crypto price as it does the fiat one (rounded up to 8 decimals)', async () => {
    const code = `C${randomUUID().slice(0, 6)}`;
    await t.call('POST', '/api/coupons', { body: { code, discountType: 'percentage', discountValue: 10 } });
    const { session } = await cryptoCheckout('0.1', 1, { couponCode: code });
    expect(session.amount).toBe(90);
    expect(session.crypto.amount).toBe('0.09');
  });

  it('a product without a crypto price cannot be paid in crypto, and nothing is left behind', async () => {
    const p = await buildProduct(t, { priceCrypto: '0' });
    const before = (await t.db.select({ n: count() }).from(orders))[0]!.n;
    const res = await checkout([{ productId: p.id, qty: 1 }]);
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().error).toBe(`"${p.title}" has no crypto price: pay for it another way.`);
    expect((await t.db.select({ n: count() }).from(orders))[0]!.n).toBe(before);
  });
});

describe('the watcher', () => {
  it('the exact amount completes the payment and pays the order; the payer and the transaction are recorded', async () => {
    const { session } = await cryptoCheckout('0.25');
    const hash = await pay(alice!, session.crypto.depositAddress, '0.25');
    const done = await until(session.paymentId, (p) => p.status === 'completed');
    expect(done.crypto).toMatchObject({
      received: '0.25',
      missing: '0',
      overpaid: '0',
      payer: alice!.address,
      txHash: hash,
      txUrl: `/tx/${hash}`,
    });
    expect(done).toMatchObject({ reference: hash, dashboardUrl: `/tx/${hash}` });
    expect(done.crypto.transfers).toEqual([
      expect.objectContaining({ txHash: hash, from: alice!.address, value: '0.25' }),
    ]);
    expect((await t.db.select().from(orders).where(eq(orders.id, session.orderId)))[0]!.status).toBe('paid');
    expect(await events(session.paymentId, 'confirmed')).toBe(1);
    // The guest reads their payment's transaction in the shop with the checkout's secret; nobody else does.
    const shopTx = (secret?: string) =>
      t.call('GET', `/api/shop/tx/${hash}?orderId=${session.orderId}`, {
        as: null,
        headers: secret ? { 'x-checkout-secret': secret } : {},
      });
    const own = await shopTx(session.checkoutSecret);
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().transaction).toMatchObject({
      hash,
      kind: 'payment',
      orderId: session.orderId,
      status: 'success',
      from: alice!.address,
      to: session.crypto.depositAddress,
    });
    expect((await shopTx('not-the-secret')).statusCode).toBe(404);
    expect((await shopTx()).statusCode).toBe(401);
  });

  it('an underpayment stays pending and shows what is missing; the rest completes it', async () => {
    const { session } = await cryptoCheckout('0.25');
    await pay(bob!, session.crypto.depositAddress, '0.1');
    const under = await until(session.paymentId, (p) => p.crypto.received === '0.1');
    expect(under).toMatchObject({
      status: 'pending',
      crypto: { received: '0.1', missing: '0.15', overpaid: '0', payer: bob!.address },
    });
    const hosted = (await t.call('GET', `/api/payments/crypto/${session.paymentId}`, { as: null })).json().payment;
    expect(hosted).toMatchObject({ status: 'pending', crypto: { received: '0.1', missing: '0.15' } });
    expect(under.events.find((e: { type: string }) => e.type === 'received')).toMatchObject({
      code: 'under',
      reason: 'Received 0.1 of 0.25: 0.15 missing.',
    });
    await pay(bob!, session.crypto.depositAddress, '0.15');
    const done = await until(session.paymentId, (p) => p.status === 'completed');
    expect(done.crypto).toMatchObject({ received: '0.25', missing: '0' });
    expect(done.crypto.transfers).toHaveLength(2);
  });

  it('an overpayment completes the payment and is recorded', async () => {
    const { session } = await cryptoCheckout('0.25');
    await pay(carol!, session.crypto.depositAddress, '0.3');
    const done = await until(session.paymentId, (p) => p.status === 'completed');
    expect(done.crypto).toMatchObject({ received: '0.3', missing: '0', overpaid: '0.05' });
    expect(done.events.find((e: { type: string }) => e.type === 'received')).toMatchObject({ code: 'over' });
  });

  it('never confirms one payment twice: passes racing in one process and a second server watching the same database', async () => {
    const { session } = await cryptoCheckout('0.2', 1, { walletAddress: freshWallet() }, { tokenId: '41' });
    await pay(dave!, session.crypto.depositAddress, '0.2');
    // Its dev chain replays the stored payment, so its watcher sees the same money and races this one's.
    const other = await createTestApp({ ...ENV, MINT_WORKER: 'false' }, { database: t.database, chain: true });
    try {
      const watcher = t.app.ctx.cryptoWatcher!.watcher;
      const passes = await Promise.all([
        watcher.pass(),
        watcher.pass(),
        watcher.pass(),
        other.app.ctx.cryptoWatcher!.watcher.pass(),
      ]);
      await until(session.paymentId, (p) => p.status === 'completed');
      await new Promise((r) => setTimeout(r, 500)); // both loops run a few more passes
      expect(passes.flatMap((p) => p.completed).filter((id) => id === session.paymentId).length).toBeLessThanOrEqual(1);
      expect(await events(session.paymentId, 'confirmed')).toBe(1);
      expect(
        (await t.db.select({ n: count() }).from(mintJobs).where(eq(mintJobs.orderId, session.orderId)))[0]!.n,
      ).toBe(1);
    } finally {
      await other.app.close();
    }
  });

  it('a checkout that expires with the crypto payment pending fails as any other', async () => {
    const { session, product } = await cryptoCheckout('0.25');
    await t.db
      .update(orders)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(orders.id, session.orderId));
    await expireCheckouts(t.db);
    expect((await detail(session.paymentId)).status).toBe('failed');
    expect((await t.db.select().from(orders).where(eq(orders.id, session.orderId)))[0]!.status).toBe('failed');
    const stock = (await t.call('GET', `/api/products/${product.id}`)).json().product.stock;
    expect(stock).toBe(10);
  });
});

describe('money on a failed payment', () => {
  it('an underpayment whose checkout expired is sent back to the payer less the fee, once', async () => {
    const { session } = await cryptoCheckout('0.25');
    await pay(dave!, session.crypto.depositAddress, '0.1');
    await until(session.paymentId, (p) => p.crypto.received === '0.1');
    const chain = reader();
    const before = await chain.getBalance({ address: dave!.address });
    await t.db
      .update(orders)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(orders.id, session.orderId));
    await expireCheckouts(t.db);
    await expect
      .poll(
        async () =>
          (await t.db.select().from(cryptoRefunds).where(eq(cryptoRefunds.paymentId, session.paymentId))).map(
            (r) => r.status,
          ),
        { timeout: 10_000 },
      )
      .toEqual(['confirmed']);
    const shown = await detail(session.paymentId);
    expect(shown.status).toBe('failed');
    expect(shown.refunds).toHaveLength(1);
    const back = shown.refunds[0];
    expect(back).toMatchObject({ amount: 0, crypto: { to: dave!.address, status: 'confirmed' } });
    expect(back.reason).toMatch(/^Received 0\.1 after the payment had failed: sent back less the network fee/);
    expect(parseEther(back.crypto.value) + parseEther(back.crypto.fee)).toBe(parseEther('0.1'));
    expect((await chain.getBalance({ address: dave!.address })) - before).toBe(parseEther(back.crypto.value));
    expect(await chain.getBalance({ address: session.crypto.depositAddress })).toBe(0n);
    await new Promise((r) => setTimeout(r, 400));
    expect(await t.db.select().from(cryptoRefunds).where(eq(cryptoRefunds.paymentId, session.paymentId))).toHaveLength(
      1,
    );
  });
});

describe('a restart mid-watch', () => {
  it('a second server on the same database (its dev chain replayed) carries on where the first stopped', async () => {
    const first = await createTestApp(ENV, { chain: true, worker: { pollMs: 100 } });
    let second: TestApp | null = null;
    try {
      const p = await buildProduct(first, { priceCrypto: '0.5', priceFiat: 100 });
      const res = await first.call('POST', '/api/checkout/session', {
        as: null,
        body: { items: [{ productId: p.id, qty: 1 }], email: 'restart@test.dev', provider: 'crypto' },
        headers: { 'idempotency-key': randomUUID() },
      });
      const session = res.json();
      await pay(erin!, session.crypto.depositAddress, '0.2', first);
      await expect
        .poll(
          async () => (await first.call('GET', `/api/payments/${session.paymentId}`)).json().payment.crypto.received,
          { timeout: 15_000 },
        )
        .toBe('0.2');
      await first.app.close();
      second = await createTestApp(ENV, { database: first.database, chain: true, worker: { pollMs: 100 } });
      await pay(erin!, session.crypto.depositAddress, '0.3', second);
      await expect
        .poll(async () => (await second!.call('GET', `/api/payments/${session.paymentId}`)).json().payment.status, {
          timeout: 15_000,
        })
        .toBe('completed');
      const paid = (await second.call('GET', `/api/payments/${session.paymentId}`)).json().payment;
      expect(paid.crypto).toMatchObject({ received: '0.5', missing: '0', payer: erin!.address });
      expect(paid.crypto.transfers).toHaveLength(2);
      expect(paid.events.filter((e: { type: string }) => e.type === 'confirmed')).toHaveLength(1);
    } finally {
      if (second) await second.close();
      else await first.close();
    }
  });
});

describe('refunds on chain', () => {
  it('sends the token back to the payer from the deposit address, less the network fee; partial, then the rest', async () => {
    const { session } = await cryptoCheckout('0.5');
    await pay(frank!, session.crypto.depositAddress, '0.5');
    await until(session.paymentId, (p) => p.status === 'completed');
    const chain = reader();
    const before = await chain.getBalance({ address: frank!.address });

    const part = await t.call('POST', `/api/payments/${session.paymentId}/refund`, {
      as: 'finance',
      body: { amount: 40, reason: 'Damaged' },
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(part.statusCode, part.body).toBe(200);
    const first = part.json().refund;
    expect(first.reference).toMatch(/^0x[0-9a-f]{64}$/);
    expect(first.crypto).toMatchObject({
      txHash: first.reference,
      to: frank!.address,
      txUrl: `/tx/${first.reference}`,
    });
    expect(parseEther(first.crypto.value) + parseEther(first.crypto.fee)).toBe(parseEther('0.2'));
    const receipt = await chain.waitForTransactionReceipt({ hash: first.reference, pollingInterval: 20 });
    expect(receipt.status).toBe('success');
    expect(receipt.from.toLowerCase()).toBe(session.crypto.depositAddress.toLowerCase());

    const rest = await t.call('POST', `/api/payments/${session.paymentId}/refund`, {
      as: 'finance',
      body: { amount: 60, reason: 'Returned' },
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(rest.statusCode, rest.body).toBe(200);
    const second = rest.json().refund;
    expect(parseEther(second.crypto.value) + parseEther(second.crypto.fee)).toBe(parseEther('0.3'));
    await chain.waitForTransactionReceipt({ hash: second.reference, pollingInterval: 20 });
    expect(rest.json().payment.status).toBe('refunded');

    const after = await chain.getBalance({ address: frank!.address });
    expect(after - before).toBe(parseEther(first.crypto.value) + parseEther(second.crypto.value));
    expect(await chain.getBalance({ address: session.crypto.depositAddress })).toBe(0n);
    await expect
      .poll(
        async () =>
          (await t.db.select().from(cryptoRefunds).where(eq(cryptoRefunds.paymentId, session.paymentId))).map(
            (r) => r.status,
          ),
        { timeout: 10_000 },
      )
      .toEqual(['confirmed', 'confirmed']);
    // Each signed refund is in the replay log, so a restarted dev chain has it too.
    const shown = await detail(session.paymentId);
    expect(shown.refunds.map((r: { crypto: { status: string } }) => r.crypto.status)).toEqual([
      'confirmed',
      'confirmed',
    ]);
  });

  it('a refund whose broadcast failed (the node was down) is sent by the watcher from the stored bytes, once', async () => {
    const { session } = await cryptoCheckout('0.3');
    await pay(carol!, session.crypto.depositAddress, '0.3');
    await until(session.paymentId, (p) => p.status === 'completed');
    const chain = reader();
    const before = await chain.getBalance({ address: carol!.address });
    const client = chainOf().publicClient as { sendRawTransaction: (...args: never[]) => Promise<Hex> };
    const send = client.sendRawTransaction;
    client.sendRawTransaction = async () => {
      throw new Error('node down');
    };
    let refund;
    try {
      const res = await t.call('POST', `/api/payments/${session.paymentId}/refund`, {
        as: 'finance',
        body: { amount: 100, reason: 'Node down' },
        headers: { 'idempotency-key': randomUUID() },
      });
      expect(res.statusCode, res.body).toBe(200);
      refund = res.json().refund;
      expect(refund.crypto.status).toBe('sent');
      expect(await chain.getTransaction({ hash: refund.reference }).catch(() => null)).toBeNull();
    } finally {
      client.sendRawTransaction = send;
    }
    // The watcher's next pass sends the stored bytes; later passes find the receipt and send nothing.
    await expect
      .poll(
        async () =>
          (await t.db.select().from(cryptoRefunds).where(eq(cryptoRefunds.txHash, refund.reference)))[0]!.status,
        { timeout: 10_000 },
      )
      .toBe('confirmed');
    expect(((await t.app.ctx.cryptoWatcher!.watcher.pass()) as unknown as { resent: number }).resent).toBe(0);
    expect((await chain.getBalance({ address: carol!.address })) - before).toBe(parseEther(refund.crypto.value));
    expect(await chain.getBalance({ address: session.crypto.depositAddress })).toBe(0n);
  });

  it('a refund smaller than its network fee is refused and changes nothing', async () => {
    const { session } = await cryptoCheckout('0.00001');
    await pay(alice!, session.crypto.depositAddress, '0.00001');
    await until(session.paymentId, (p) => p.status === 'completed');
    const res = await t.call('POST', `/api/payments/${session.paymentId}/refund`, {
      as: 'finance',
      body: { amount: 1, reason: 'Tiny' },
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().error).toMatch(/is not more than the network fee of sending it/);
    expect(await detail(session.paymentId)).toMatchObject({ status: 'completed', refunds: [] });
  });
});

describe('who may see and move a crypto payment', () => {
  it('the buyer’s page needs only the payment id; staff read the detail, finance and admins refund, others are refused', async () => {
    const { session } = await cryptoCheckout('0.25');
    expect((await t.call('GET', `/api/payments/crypto/${session.paymentId}`, { as: null })).statusCode).toBe(200);
    expect((await t.call('GET', `/api/payments/crypto/${randomUUID()}`, { as: null })).statusCode).toBe(404);
    expect((await t.call('GET', '/api/payments/crypto/not-a-uuid', { as: null })).statusCode).toBe(400);
    for (const role of ['admin', 'finance', 'operator'] as const) {
      const res = await t.call('GET', `/api/payments/${session.paymentId}`, { as: role });
      expect(res.statusCode).toBe(200);
      expect(res.json().payment.crypto.depositAddress).toBe(session.crypto.depositAddress);
    }
    expect((await t.call('GET', `/api/payments/${session.paymentId}`, { as: 'user' })).statusCode).toBe(403);
    expect((await t.call('GET', `/api/payments/${session.paymentId}`, { as: null })).statusCode).toBe(401);
    const body = { amount: 1, reason: 'No' };
    expect(
      (await t.call('POST', `/api/payments/${session.paymentId}/refund`, { as: 'operator', body })).statusCode,
    ).toBe(403);
    expect((await t.call('POST', `/api/payments/${session.paymentId}/refund`, { as: 'user', body })).statusCode).toBe(
      403,
    );
    // A pending crypto payment cannot be refunded: nothing was received yet.
    const pending = await t.call('POST', `/api/payments/${session.paymentId}/refund`, {
      as: 'finance',
      body,
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(pending.statusCode).toBe(409);
    expect(pending.json().error).toBe('This payment is pending: only a completed payment can be refunded.');
  });
});

describe('end to end on the dev chain', () => {
  it('pay from a funded dev account: the order turns paid and its token is minted', async () => {
    const wallet = freshWallet();
    const { session } = await cryptoCheckout('0.05', 2, { walletAddress: wallet }, { tokenId: '77' });
    await pay(bob!, session.crypto.depositAddress, '0.1');
    await until(session.paymentId, (p) => p.status === 'completed');
    await expect
      .poll(async () => (await t.db.select().from(orders).where(eq(orders.id, session.orderId)))[0]!.status, {
        timeout: 20_000,
      })
      .toBe('fulfilled');
    const chain = chainOf();
    expect(await readBalance(chain.publicClient as never, chain.tokenAddress, wallet, 77n)).toBe(2n);
  });
});
