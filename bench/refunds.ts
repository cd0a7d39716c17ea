/**
 * npm run bench:refunds [-- --payments=300] [-- --users=10] [-- --parts=4]
 * Refunds on PostgreSQL by concurrent finance users, against the real server in its own process:
 * 1. `payments` sandbox payments of 40.00 are made through the real checkout and card page;
 * 2. `users` finance users (each logged in with their own session) refund them in `parts` equal parts, taking the
 *    parts from one shuffled queue, so that several users refund the same payment at the same moment;
 * 3. then every payment must reconcile: refunds recorded = refunded total = the amount, the payment and its order
 *    refunded, and one more refund of any of them is refused.
 * The server's rate limits are raised for the run (RATE_LIMIT_MAX, PAYMENT_RATE_LIMIT_MAX): every request comes
 * from one address. Results: a table here and JSON in bench/results/; a broken invariant fails the run (exit code 1).
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { hashPassword } from '../server/lib/crypto.js';
import { startServerProcess } from '../scripts/server-process.js';
import { client, freshDatabase, percentile, postgresReachable, postgresTarget, table, type Client } from './lib.js';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const CARD = { cardNumber: '4242 4242 4242 4242', expiry: '12/39', cvc: '123', name: 'Bench Shopper' };
const PRICE_CENTS = 4000;
const PASSWORD = 'bench-finance-password';

async function login(call: Client, email: string, password: string) {
  const res = await call('POST', '/api/admin/auth/login', { email, password });
  if (!res.body.token) throw new Error(`login failed for ${email}: ${JSON.stringify(res.body)}`);
  return { authorization: `Bearer ${res.body.token as string}` };
}

/** `count` completed sandbox payments of one unit of a 40.00 product, through checkout and the card page. */
async function payments(call: Client, admin: Record<string, string>, count: number): Promise<string[]> {
  const tag = randomUUID().slice(0, 8).toUpperCase();
  const product = await call(
    'POST',
    '/api/products',
    {
      title: `Refund bench ${tag}`,
      sku: `REFUND-${tag}`,
      priceFiat: PRICE_CENTS / 100,
      priceCrypto: '0.01',
      rwaType: 'art',
      status: 'active',
      stock: count,
    },
    admin,
  );
  const productId = (product.body.product as { id: string }).id;
  const ids: string[] = [];
  for (let i = 0; i < count; i += 10) {
    await Promise.all(
      Array.from({ length: Math.min(10, count - i) }, async (_, j) => {
        const body = { items: [{ productId, qty: 1 }], email: `buyer${i + j}@bench.dev`, provider: 'sandbox' };
        const session = await call('POST', '/api/checkout/session', body, {
          'idempotency-key': randomUUID(),
          'x-guest-id': randomUUID(),
        });
        const paymentId = session.body.paymentId as string;
        const paid = await call('POST', `/api/payments/sandbox/${paymentId}/confirm`, CARD);
        if (paid.status !== 200) throw new Error(`payment failed: ${JSON.stringify(paid.body)}`);
        ids.push(paymentId);
      }),
    );
  }
  return ids;
}

/** Finance users beside the seeded one, written straight into the database the server uses. */
async function financeUsers(url: string, count: number): Promise<string[]> {
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  try {
    const hash = await hashPassword(PASSWORD);
    const emails = Array.from({ length: count }, (_, i) => `finance${i + 1}@bench.dev`);
    for (const email of emails)
      await db.query(`insert into users (email, name, role, password_hash) values ($1, $2, 'finance', $3)`, [
        email,
        email,
        hash,
      ]);
    return emails;
  } finally {
    await db.end();
  }
}

function shuffle<T>(items: T[]): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  return items;
}

/** What the database holds for the payments: each one's amount, refunded total, recorded refunds and statuses. */
async function reconcile(url: string, ids: string[]) {
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  try {
    const { rows } = await db.query<{
      id: string;
      amount: string;
      refunded: string;
      recorded: string;
      refunds: string;
      status: string;
      order_status: string;
    }>(
      `
      select p.id, p.amount_cents as amount, p.refunded_cents as refunded, coalesce(sum(r.amount_cents), 0) as recorded, count(r.id) as refunds,
             p.status, o.status as order_status
      from payments p join orders o on o.id = p.order_id left join refunds r on r.payment_id = p.id
      where p.id = any($1) group by p.id, o.status`,
      [ids],
    );
    return rows;
  } finally {
    await db.end();
  }
}

async function main() {
  const { values } = parseArgs({
    options: { payments: { type: 'string' }, users: { type: 'string' }, parts: { type: 'string' } },
  });
  const count = Number(values.payments ?? 300);
  const userCount = Number(values.users ?? 10);
  const parts = Number(values.parts ?? 4);
  const target = postgresTarget();
  if (!(await postgresReachable(target))) return;
  const fresh = await freshDatabase('postgres', target.url);
  const url = fresh.env.DATABASE_URL!;
  await fresh.database.close();
  const server = await startServerProcess({
    ...fresh.env,
    NODE_ENV: 'development',
    LOG_LEVEL: 'warn',
    SERVE_UI: 'false',
    MINT_WORKER: 'false',
    RATE_LIMIT_MAX: '100000000',
    PAYMENT_RATE_LIMIT_MAX: '100000000',
    SEED_ON_EMPTY: 'true',
    SEED_FILE: 'db.json',
  });
  try {
    const call = client(server.baseUrl);
    const admin = await login(call, 'admin@rwa.dev', 'rwa-dev-password');
    const ids = await payments(call, admin, count);
    const emails = await financeUsers(url, userCount);
    const sessions = await Promise.all(emails.map((email) => login(call, email, PASSWORD)));
    const part = PRICE_CENTS / parts / 100;
    const queue = shuffle(ids.flatMap((id) => Array.from({ length: parts }, () => id)));

    const times: number[] = [];
    const refused: Record<number, number> = {};
    const started = performance.now();
    await Promise.all(
      sessions.map(async (auth) => {
        for (let id = queue.pop(); id; id = queue.pop()) {
          const res = await call(
            'POST',
            `/api/payments/${id}/refund`,
            { amount: part, reason: 'Bench refund' },
            { ...auth, 'idempotency-key': randomUUID() },
          );
          if (res.status === 200) times.push(res.ms);
          else refused[res.status] = (refused[res.status] ?? 0) + 1;
        }
      }),
    );
    const elapsed = (performance.now() - started) / 1000;
    const sorted = times.sort((a, b) => a - b);

    const again = await call(
      'POST',
      `/api/payments/${ids[0]}/refund`,
      { amount: 0.01, reason: 'One too many' },
      sessions[0]!,
    );
    const rows = await reconcile(url, ids);
    const wrong = rows.filter(
      (r) =>
        Number(r.amount) !== PRICE_CENTS ||
        Number(r.refunded) !== PRICE_CENTS ||
        Number(r.recorded) !== PRICE_CENTS ||
        Number(r.refunds) !== parts ||
        r.status !== 'refunded' ||
        r.order_status !== 'refunded',
    );
    const result = {
      payments: count,
      users: userCount,
      refunds: sorted.length,
      'refunds/s': (sorted.length / elapsed).toFixed(0),
      'p50 ms': percentile(sorted, 50).toFixed(0),
      'p99 ms': percentile(sorted, 99).toFixed(0),
      refused: JSON.stringify(refused),
      'one more': again.status,
      reconciled: `${rows.length - wrong.length}/${count}`,
    };
    console.log(`\n${table([result])}\n`);
    const dir = path.join(root, 'bench', 'results');
    fs.mkdirSync(dir, { recursive: true });
    const file = path.join(dir, `refunds-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
    const machine = {
      cpus: os.cpus().length,
      cpuModel: os.cpus()[0]?.model,
      memGb: Math.round(os.totalmem() / 2 ** 30),
      node: process.version,
      load: os.loadavg(),
    };
    fs.writeFileSync(
      file,
      `${JSON.stringify({ at: new Date().toISOString(), machine, engine: 'postgres', result }, null, 2)}\n`,
    );
    console.log(`results: ${path.relative(process.cwd(), file)}`);
    if (wrong.length || Object.keys(refused).length || again.status !== 409 || rows.length !== count) {
      console.error(
        `FAILED: ${wrong.length} payment(s) do not reconcile, refusals ${JSON.stringify(refused)}, one more refund answered ${again.status}.`,
      );
      process.exitCode = 1;
    }
  } finally {
    await server.stop();
    await fresh.dispose().catch(() => undefined);
  }
}

main().catch((err: unknown) => {
  console.error(`bench: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
  process.exitCode = 1;
});
