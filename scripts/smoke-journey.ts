/** What the Node 24 smoke test (smoke-node24.ts) does against a running server: a checkout, its mint, the admin's login. */
import { randomBytes, randomUUID } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { createPublicClient, http, type Address, type Hex, type PublicClient } from 'viem';
import { readBalance } from '../server/chain/contract.js';

const PASSWORD = 'rwa-dev-password';
const CARD = { cardNumber: '4242 4242 4242 4242', expiry: '12/39', cvc: '123', name: 'Smoke Shopper' };
const CALL_MS = 30_000;
const MINT_MS = 120_000;
const BROWSER_MS = 60_000;

type Answer = { status: number; body: Record<string, unknown> };
type Job = { status: string; txHash: string | null; contract: string | null; tokenId: string; amount: string };
type Order = { status: string; mintJobs: Job[] };

/** JSON calls to one server; a status other than `expect` throws with the answer. */
function api(baseUrl: string, token?: string) {
  return async (method: string, url: string, expect: number, body?: unknown, headers: Record<string, string> = {}) => {
    const res = await fetch(`${baseUrl}${url}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(CALL_MS),
    });
    const answer: Answer = { status: res.status, body: (await res.json().catch(() => ({}))) as Answer['body'] };
    if (answer.status !== expect)
      throw new Error(`${method} ${url}: ${answer.status} (expected ${expect}) ${JSON.stringify(answer.body)}`);
    return answer.body;
  };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * The seeded shopper logs in, buys one unit of a tokenised product that needs no verified holder (for all to buy) to a
 * new wallet, pays on the card sandbox, and the order's mint succeeds: its receipt and the wallet's balance are read
 * from the dev chain at `chainUrl`.
 */
export async function checkoutAndMint(baseUrl: string, chainUrl: string) {
  const tokenOf = async (email: string) => {
    const login = await api(baseUrl)('POST', '/api/admin/auth/login', 200, { email, password: PASSWORD });
    if (typeof login.token !== 'string') throw new Error(`${email}'s login gave no token: ${JSON.stringify(login)}`);
    return login.token;
  };
  const call = api(baseUrl, await tokenOf('shopper@rwa.dev'));
  // A product whose token any wallet may hold: a new wallet is on no account, so not a verified holder.
  const { products } = (await api(baseUrl, await tokenOf('admin@rwa.dev'))('GET', '/api/products?limit=100', 200)) as {
    products: {
      id: string;
      title: string;
      tokenId: string | null;
      stock: number;
      status: string;
      requiresVerifiedHolders: boolean;
      minMemberLevel: string | null;
    }[];
  };
  const product = products.find(
    (p) =>
      p.tokenId !== null && p.stock > 0 && p.status === 'active' && !p.requiresVerifiedHolders && !p.minMemberLevel,
  );
  if (!product) throw new Error('No active tokenised product in stock that any wallet may hold.');
  const items = [{ productId: product.id, qty: 1 }];
  await call('POST', '/api/cart/price', 200, { items });
  const wallet = `0x${randomBytes(20).toString('hex')}` as Address;
  const session = await call(
    'POST',
    '/api/checkout/session',
    201,
    { items, email: 'shopper@rwa.dev', provider: 'sandbox', walletAddress: wallet },
    { 'idempotency-key': randomUUID() },
  );
  const paid = await call('POST', `/api/payments/sandbox/${session.paymentId as string}/confirm`, 200, CARD);
  if ((paid.payment as { status: string }).status !== 'completed')
    throw new Error(`The card payment did not complete: ${JSON.stringify(paid)}`);

  const deadline = Date.now() + MINT_MS;
  let order: Order;
  for (;;) {
    order = (await call('GET', `/api/checkout/order/${session.orderId as string}`, 200)).order as Order;
    const jobs = order.mintJobs;
    if (jobs.some((j) => j.status === 'failed')) throw new Error(`The mint failed: ${JSON.stringify(jobs)}`);
    const settled = order.status === 'paid' || order.status === 'fulfilled';
    if (settled && jobs.length > 0 && jobs.every((j) => j.status === 'succeeded')) break;
    if (Date.now() > deadline)
      throw new Error(`No mint within ${MINT_MS / 1000} s: order ${order.status}, jobs ${JSON.stringify(jobs)}`);
    await sleep(250);
  }
  const job = order.mintJobs[0]!;
  const chain = createPublicClient({ transport: http(chainUrl) }) as PublicClient;
  const receipt = await chain.getTransactionReceipt({ hash: job.txHash as Hex });
  if (receipt.status !== 'success') throw new Error(`The mint's transaction ${job.txHash} did not succeed.`);
  const balance = await readBalance(chain, job.contract as Address, wallet, BigInt(job.tokenId));
  if (balance !== 1n) throw new Error(`The wallet holds ${balance} of token ${job.tokenId}, not 1.`);
  return `${product.title} (token ${job.tokenId}) minted in block ${receipt.blockNumber}`;
}

/** The admin logs in through the login page and the dashboard shows its figures. */
export async function adminLogin(browser: Browser, baseUrl: string) {
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  context.setDefaultTimeout(BROWSER_MS);
  try {
    const page = await context.newPage();
    await page.goto(`${baseUrl}/login`);
    await page.getByRole('textbox', { name: /email/i }).fill('admin@rwa.dev');
    await page.getByRole('textbox', { name: /password/i }).fill(PASSWORD);
    await page.getByRole('button', { name: /^login$/i }).click();
    await page.waitForURL(/\/dashboard$/);
    await page.locator('main').getByText('Total Orders').waitFor();
  } finally {
    await context.close();
  }
}
