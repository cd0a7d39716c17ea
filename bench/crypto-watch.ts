/**
 * npm run bench:crypto [-- --runs=15] [-- --intervals=1000,250]
 * The crypto watcher's latency on the embedded dev chain: the real server in its own process (PGlite, a fresh data
 * directory, CRYPTO_WATCH_MS per interval), then `runs` times: a crypto checkout of one unit, the amount paid from a
 * funded dev account through the dev chain's JSON-RPC endpoint (as a wallet does), and the time from the paying
 * transaction's receipt to the order reading paid (GET /api/checkout/order/{id} with the checkout's secret, asked every
 * 10 ms). The watcher polls, so the expected median is about half the interval plus one pass.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createPublicClient, createWalletClient, defineChain, http, parseEther, type Address } from 'viem';
import { devFundedAccounts } from '../server/chain/hd.js';
import { freePort, startServerProcess } from '../scripts/server-process.js';
import { client, percentile, table } from './lib.js';

const { values } = parseArgs({
  options: { runs: { type: 'string', default: '15' }, intervals: { type: 'string', default: '1000,250' } },
});
const runs = Number(values.runs);
const intervals = values.intervals!.split(',').map(Number);
const PASSWORD = 'rwa-dev-password';

async function measure(intervalMs: number) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rwa-bench-crypto-'));
  const chainPort = await freePort();
  const server = await startServerProcess({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    SEED_ON_EMPTY: 'true',
    SEED_FILE: 'db.json',
    LOG_LEVEL: 'warn',
    SERVE_UI: 'false',
    DEV_CHAIN_PORT: String(chainPort),
    CRYPTO_WATCH_MS: String(intervalMs),
    RATE_LIMIT_MAX: '100000',
  });
  const chain = defineChain({
    id: 31337,
    name: 'dev',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [`http://127.0.0.1:${chainPort}`] } },
  });
  const reader = createPublicClient({ chain, transport: http(), pollingInterval: 5 });
  const wallet = createWalletClient({ account: devFundedAccounts()[0]!, chain, transport: http() });
  const call = client(server.baseUrl);
  try {
    const login = await call('POST', '/api/admin/auth/login', { email: 'admin@rwa.dev', password: PASSWORD });
    const admin = { authorization: `Bearer ${login.body.token as string}` };
    const tag = randomUUID().slice(0, 8).toUpperCase();
    const made = await call(
      'POST',
      '/api/products',
      {
        title: `Crypto bench ${tag}`,
        sku: `CRYPTO-${tag}`,
        priceFiat: 10,
        priceCrypto: '0.01',
        rwaType: 'art',
        status: 'active',
        stock: runs + 5,
      },
      admin,
    );
    const productId = (made.body.product as { id: string }).id;
    const ms: number[] = [];
    for (let i = 0; i < runs; i++) {
      const session = (
        await call(
          'POST',
          '/api/checkout/session',
          { items: [{ productId, qty: 1 }], email: `bench${i}@test.dev`, provider: 'crypto' },
          { 'idempotency-key': randomUUID(), 'x-guest-id': randomUUID() },
        )
      ).body as {
        orderId: string;
        checkoutSecret: string;
        crypto: { depositAddress: Address; amount: string };
      };
      const hash = await wallet.sendTransaction({
        to: session.crypto.depositAddress,
        value: parseEther(session.crypto.amount),
      });
      await reader.waitForTransactionReceipt({ hash, pollingInterval: 5 });
      const start = performance.now();
      for (;;) {
        const order = await call('GET', `/api/checkout/order/${session.orderId}`, undefined, {
          'x-checkout-secret': session.checkoutSecret,
        });
        if (
          (order.body.order as { status: string } | undefined)?.status === 'paid' ||
          (order.body.order as { status: string } | undefined)?.status === 'fulfilled'
        )
          break;
        if (performance.now() - start > 30_000) throw new Error(`order ${session.orderId} not paid after 30 s`);
        await new Promise((r) => setTimeout(r, 10));
      }
      ms.push(performance.now() - start);
      // Spread the payments over the watcher's cycle rather than in step with it.
      await new Promise((r) => setTimeout(r, Math.random() * intervalMs));
    }
    const sorted = [...ms].sort((a, b) => a - b);
    return {
      interval: `${intervalMs} ms`,
      runs,
      median: `${percentile(sorted, 50).toFixed(0)} ms`,
      p90: `${percentile(sorted, 90).toFixed(0)} ms`,
      min: `${sorted[0]!.toFixed(0)} ms`,
      max: `${sorted.at(-1)!.toFixed(0)} ms`,
    };
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const rows = [];
for (const interval of intervals) rows.push(await measure(interval));
console.log(
  `\ncrypto watcher: paying transaction's receipt → order paid (dev chain, PGlite, ${os.cpus().length} cores, load average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')})\n`,
);
console.log(table(rows));
