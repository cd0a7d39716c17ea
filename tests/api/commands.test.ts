/**
 * The real commands, as child processes, on a temporary DATA_DIR (PGlite) or a throwaway PostgreSQL database
 * (TEST_DB=postgres): `npm run seed`, `npm run create-admin`, `npm run export` and the server's start-up (migrate, seed
 * db.json into an empty database, banner). Each runs once through tsx, as its npm script does; every other run is the
 * compiled JavaScript (`npm run build`'s, built into a folder of its own) with plain node, as `npm start` runs it.
 * Every child is bounded in time and killed by its PID if it is still running when the file ends.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../../scripts/build-server.js';
import { compiledEntry } from '../../scripts/server-entries.js';
import { HANG_MS } from '../../scripts/server-process.js';
import { fromPostgres, openDatabase, queryRows, type Database } from '../../server/db/client.js';
import { verifyPassword } from '../../server/lib/crypto.js';
import { engine, postgresUrl, withDatabase } from './engine.js';
import { udpQuery } from './dns-client.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const DEV_PASSWORD = 'rwa-dev-password';
const DEV_LOGINS = {
  'admin@rwa.dev': 'admin',
  'finance@rwa.dev': 'finance',
  'operator@rwa.dev': 'operator',
  'shopper@rwa.dev': 'user',
};
const demo = JSON.parse(fs.readFileSync(path.join(root, 'db.json'), 'utf8')) as Record<string, unknown[]>;

// ---- child processes -------------------------------------------------------------------------------------

const running = new Set<ChildProcess>();
type Exit = { code: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string };

function killByPid(child: ChildProcess, signal: NodeJS.Signals) {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(child.pid, signal);
  } catch {
    /* already gone */
  }
}

/**
 * The compiled commands (`npm run build`'s): the run's build (scripts/build-server.ts compiledServerForRun), else one of this file's own (a
 * dist-server/ in use is left alone).
 */
const runBuild = process.env.RWA_SERVER_BUILD;
const compiled = runBuild ?? path.join(root, '.cache', `commands-test-server-${process.pid}`);
beforeAll(async () => {
  if (!runBuild) await buildServer(compiled);
});
afterAll(() => {
  if (!runBuild) fs.rmSync(compiled, { recursive: true, force: true });
});
const compiledOf = (source: string) => compiledEntry(compiled, source);

/**
 * A command with only PATH and the given environment: `tsx:<source>` through tsx, as the npm scripts run it; a source
 * file as its compiled JavaScript with plain node (most runs: tsx compiles on every start, seconds of CPU each).
 */
function spawnTs(script: string, args: string[], env: Record<string, string>) {
  const file = script.startsWith('tsx:') ? script.slice(4) : script.endsWith('.js') ? script : compiledOf(script);
  const child = spawn(process.execPath, [...(script.startsWith('tsx:') ? ['--import', 'tsx'] : []), file, ...args], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (d: Buffer) => (stdout += d));
  child.stderr!.on('data', (d: Buffer) => (stderr += d));
  const exited = new Promise<Exit>((resolve) =>
    child.on('close', (code, signal) => {
      running.delete(child);
      resolve({ code, signal, stdout, stderr });
    }),
  );
  return { child, stdout: () => stdout, stderr: () => stderr, exited };
}

/** A test's own limit: its child commands' hang limits (HANG_MS: minutes, to catch a hang, not to time) and its own work. */
const TEST_MS = 3 * HANG_MS;

/** Runs a command to its end, killing it (SIGKILL by PID) once it counts as hung. */
async function run(script: string, args: string[], env: Record<string, string>, ms = HANG_MS): Promise<Exit> {
  const p = spawnTs(script, args, env);
  const timer = setTimeout(() => killByPid(p.child, 'SIGKILL'), ms);
  try {
    const r = await p.exited;
    if (r.signal === 'SIGKILL')
      throw new Error(`${script} ${args.join(' ')} did not finish in ${ms} ms\n${r.stdout}\n${r.stderr}`);
    return r;
  } finally {
    clearTimeout(timer);
  }
}

const seed = (t: Target, ...args: string[]) => run('server/seed/cli.ts', args, t.env);
const createAdmin = (
  t: Target,
  args: string[],
  password?: string,
  script = 'server/modules/auth/create-admin-cli.ts',
) => run(script, args, { ...t.env, ...(password === undefined ? {} : { ADMIN_PASSWORD: password }) });

/** `tsx server/index.ts` (or `script`, e.g. compiled) on a free port, resolved once it printed its banner. */
async function startServer(t: Target, { ms = HANG_MS, script = 'tsx:server/index.ts' } = {}) {
  const p = spawnTs(script, [], {
    ...t.env,
    HOST: '127.0.0.1',
    PORT: '0',
    DEV_CHAIN_PORT: '0',
    DNS_PORT: '0',
    MINT_WORKER: 'false',
    LOG_LEVEL: 'warn',
  });
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      killByPid(p.child, 'SIGKILL');
      reject(new Error(`the server printed no URL in ${ms} ms\n${p.stdout()}\n${p.stderr()}`));
    }, ms);
    const check = () => {
      const m = /RWA Commerce is running at (http:\/\/\S+)\n[\s\S]*\n\n/.exec(p.stdout());
      if (m) {
        clearTimeout(timer);
        resolve(m[1]!);
      }
    };
    p.child.stdout!.on('data', check);
    void p.exited.then((r) => {
      clearTimeout(timer);
      reject(new Error(`the server exited (${r.code ?? r.signal}) before printing its URL\n${r.stdout}\n${r.stderr}`));
    });
  });
  return {
    url,
    output: p.stdout,
    /** SIGTERM by PID; SIGKILL once it counts as hung. */
    async stop(): Promise<Exit> {
      killByPid(p.child, 'SIGTERM');
      const timer = setTimeout(() => killByPid(p.child, 'SIGKILL'), HANG_MS);
      try {
        return await p.exited;
      } finally {
        clearTimeout(timer);
      }
    },
  };
}

// ---- a database per part: a temporary DATA_DIR, or a throwaway PostgreSQL database -----------------------

type Target = { env: Record<string, string>; open(): Promise<Database>; remove(): Promise<void> };
const targets: Target[] = [];

async function newTarget(label: string): Promise<Target> {
  let target: Target;
  if (engine() === 'postgres') {
    const base = postgresUrl();
    const name = `rwa_cmd_${label}_${process.pid}_${Math.floor(Math.random() * 1e9)}`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = withDatabase(base, name);
    target = {
      env: { DATABASE_URL: url },
      open: async () => fromPostgres(url, 1),
      async remove() {
        const c = new pg.Client({ connectionString: base });
        await c.connect();
        await c.query(`drop database if exists ${name} with (force)`);
        await c.end();
      },
    };
  } else {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), `rwa-cmd-${label}-`));
    target = {
      env: { DATA_DIR: dir },
      open: () => openDatabase({ dataDir: dir }),
      remove: async () => fs.rmSync(dir, { recursive: true, force: true }),
    };
  }
  targets.push(target);
  return target;
}

/** Opens the target in this process (only while no child holds it: PGlite has one owner), then closes it. */
async function withDb<T>(t: Target, fn: (db: Database['db']) => Promise<T>): Promise<T> {
  const database = await t.open();
  try {
    return await fn(database.db);
  } finally {
    await database.close();
  }
}

type Counts = { users: number; products: number; orders: number; items: number; payments: number };
type UserRow = { email: string; role: string; status: string; name: string | null; password_hash: string | null };

const countsIn = async (db: Database['db']) =>
  (
    await queryRows<Counts>(
      db,
      sql`select
  (select count(*)::int from users) as users, (select count(*)::int from products) as products,
  (select count(*)::int from orders) as orders, (select count(*)::int from order_items) as items,
  (select count(*)::int from payments) as payments`,
    )
  )[0]!;

async function usersIn(db: Database['db'], emails: string[]) {
  const rows = await queryRows<UserRow>(
    db,
    sql`select email, role, status, name, password_hash from users
    where email in (${sql.join(
      emails.map((e) => sql`${e}`),
      sql`, `,
    )}) order by email`,
  );
  return Object.fromEntries(rows.map((r) => [r.email, r]));
}

/** Row counts and the named users, in one opening of the database. */
const snapshot = (t: Target, emails: string[] = []) =>
  withDb(t, async (db) => ({
    counts: await countsIn(db),
    users: emails.length ? await usersIn(db, emails) : {},
  }));
const counts = (t: Target) => withDb(t, countsIn);

/** A failure: exit code 1 and a single line on stderr saying what is wrong (no stack trace, no SQL). */
function expectSentence(r: Exit, text: string | RegExp) {
  expect(r.code, r.stdout + r.stderr).toBe(1);
  expect(r.stderr).toMatch(text);
  expect(r.stderr.trim().split('\n'), r.stderr).toHaveLength(1);
}

const tempDirs: string[] = [];
afterAll(async () => {
  for (const child of running) killByPid(child, 'SIGKILL');
  await Promise.all([...running].map((child) => new Promise((resolve) => child.once('close', resolve))));
  await Promise.all(targets.map((t) => t.remove().catch(() => {})));
  for (const dir of tempDirs) fs.rmSync(dir, { recursive: true, force: true });
  // Dropping the PostgreSQL databases took over 30 s at load 12.
}, HANG_MS);

// ---- 1. npm run seed -----------------------------------------------------------------------------------

const OTHER = {
  users: [
    { id: 1, email: 'Owner@Other.test', name: 'Other Owner', role: 'admin', password: 'other-password-1' },
    { id: 2, email: 'buyer@other.test', name: 'Buyer' },
  ],
  products: [
    { id: 1, title: 'Silver coin', sku: 'OT-SILVER', price: '31.50', stock: 5, status: 'active' },
    { id: 2, title: 'Art print', sku: 'OT-ART', priceFiat: 120, rwaType: 'art', status: 'active' },
  ],
  orders: [
    { id: 1, userId: 2, status: 'paid', items: [{ productId: 1, qty: 2 }], createdAt: '2024-01-02T00:00:00Z' },
    { id: 2, customerEmail: 'buyer@other.test', productId: 2, qty: 1, status: 'pending' },
    { id: 3, userId: 2, status: 'fulfilled' },
  ],
  orderItems: [{ id: 10, orderId: 3, productId: 2, qty: 1 }],
  payments: [{ id: 1, orderId: 1, userId: 2, amountFiat: 63, status: 'completed', method: 'stripe' }],
  comments: [{ id: 1, body: 'json-server demo collection this app has no table for' }],
};

describe(`npm run seed (server/seed/cli.ts) on ${engine()}`, { timeout: TEST_MS }, () => {
  let t: Target;
  let tmp: string;
  let loaded: Counts;
  beforeAll(async () => {
    t = await newTarget('seed');
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'rwa-cmd-file-'));
    tempDirs.push(tmp);
  });

  it('loads db.json into a new database: the 4 dev logins with their roles, 20 products, 325 orders (one a redemption’s)', async () => {
    const r = await run('tsx:server/seed/cli.ts', [], t.env); // as `npm run seed` runs it; later runs are compiled
    expect(r.code, r.stdout + r.stderr).toBe(0);
    expect(r.stdout).toMatch(/seed: loaded db\.json: \d+ users, 20 products, 325 orders/);
    const snap = await snapshot(t, Object.keys(DEV_LOGINS));
    loaded = snap.counts;
    expect(loaded).toMatchObject({
      products: demo.products!.length,
      orders: demo.orders!.length,
      payments: demo.payments!.length,
    });
    expect(loaded.products).toBe(20);
    expect(loaded.orders).toBe(325);
    const logins = snap.users;
    for (const [email, role] of Object.entries(DEV_LOGINS)) {
      expect(logins[email], email).toMatchObject({ role, status: 'active' });
      expect(await verifyPassword(logins[email]!.password_hash, DEV_PASSWORD), email).toBe(true);
    }
  });

  it('--orders 500 resets, loads db.json and adds 500 generated orders; a plain run again resets to db.json', async () => {
    const more = await seed(t, '--orders', '500');
    expect(more.code, more.stdout + more.stderr).toBe(0);
    expect(more.stdout).toMatch(/seed: generated 500 orders/);
    const after = await counts(t);
    expect(after.orders).toBe(loaded.orders + 500); // not 324 + 324 + 500: the file was loaded afresh
    expect(after.products).toBe(loaded.products);
    expect(after.users).toBeGreaterThan(loaded.users); // the generated orders' customers

    const again = await seed(t);
    expect(again.code, again.stdout + again.stderr).toBe(0);
    expect(await counts(t)).toEqual(loaded); // reset: the same counts, not doubled, generated rows gone
  });

  it('--file other.json loads a json-server style file, and only its data is present afterwards', async () => {
    const file = path.join(tmp, 'other.json');
    fs.writeFileSync(file, JSON.stringify(OTHER, null, 2));
    const r = await seed(t, '--file', file);
    expect(r.code, r.stdout + r.stderr).toBe(0);
    expect(r.stdout).toContain('seed: loaded other.json: 2 users, 2 products, 3 orders, 3 order lines, 1 payments');
    expect(r.stdout).toContain('Ignored collection "comments"');
    const { after, users, totals } = await withDb(t, async (db) => ({
      after: await countsIn(db),
      users: await usersIn(db, ['owner@other.test', 'buyer@other.test', ...Object.keys(DEV_LOGINS)]),
      totals: await queryRows<{ sku: string; amount_cents: number }>(
        db,
        sql`
        select p.sku, sum(o.amount_cents)::int as amount_cents from orders o join order_items i on i.order_id = o.id
        join products p on p.id = i.product_id group by p.sku order by p.sku`,
      ),
    }));
    expect(after).toEqual({ users: 2, products: 2, orders: 3, items: 3, payments: 1 });
    expect(Object.keys(users)).toEqual(['buyer@other.test', 'owner@other.test']);
    expect(users['owner@other.test']).toMatchObject({ role: 'admin', name: 'Other Owner' });
    expect(await verifyPassword(users['owner@other.test']!.password_hash, 'other-password-1')).toBe(true);
    expect(users['buyer@other.test']!.password_hash).toBeNull();
    // Prices as decimal text and numbers, lines embedded, direct (productId + qty) and in orderItems.
    expect(totals).toEqual([
      { sku: 'OT-ART', amount_cents: 24000 },
      { sku: 'OT-SILVER', amount_cents: 6300 },
    ]);
  });

  it('refuses a bad option, a bad number or a missing file: non-zero exit, a sentence on stderr, data unchanged', async () => {
    const before = await counts(t);
    const missing = path.join(tmp, 'no-such-file.json');
    const [unknown, customers] = await Promise.all([
      seed(t, '--bogus'),
      seed(t, '--orders', '10', '--customers', 'abc'), // was: reset and reloaded, then failed with the SQL
    ]);
    expectSentence(unknown, /^seed: Unknown option '--bogus'/);
    expectSentence(customers, /^seed: --customers must be a whole number of at least 1\.$/m);
    const none = await seed(t, '--file', missing);
    expectSentence(none, `seed: Cannot read seed file ${missing}: ENOENT`);
    expect(await counts(t)).toEqual(before);
  });
});

// ---- 1b. a seed file with problems is refused, and a load that stops half-way changes nothing --------------

/** One file with each problem a new user once loaded silently; each must be refused on its own line. */
const BAD_FILE = {
  users: [{ id: 1, email: 'a@b.test' }],
  products: [
    { id: 1, title: 'Bar', sku: 'BAR', priceFiat: -4 },
    { id: 2, title: 'No SKU', priceFiat: 4 },
    { id: 3, title: 'Twin', sku: 'bar', priceFiat: 2 },
  ],
  orders: [{ id: 5, userId: 1, productId: 99, qty: 1 }],
  payments: { id: 1 },
};
const BAD_LINES = [
  'products[0] (id 1).priceFiat: -4 is negative',
  'products[1] (id 2).sku: missing',
  'products[2] (id 3).sku: "bar" is also an earlier product\'s SKU',
  'orders[0] (id 5).productId: product 99 does not exist',
  'payments: is not an array of records',
];

describe(`npm run seed refuses a bad file on ${engine()}`, { timeout: TEST_MS }, () => {
  let t: Target;
  let tmp: string;
  const MARK = 'KEEP-ME-1';
  const marked = () =>
    withDb(
      t,
      async (db) =>
        (await queryRows<{ n: number }>(db, sql`select count(*)::int as n from products where sku = ${MARK}`))[0]!.n,
    );
  const write = (name: string, data: unknown) => {
    const file = path.join(tmp, name);
    fs.writeFileSync(file, typeof data === 'string' ? data : JSON.stringify(data, null, 2));
    return file;
  };

  beforeAll(async () => {
    t = await newTarget('refuse');
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'rwa-cmd-bad-'));
    tempDirs.push(tmp);
    expect((await seed(t)).code).toBe(0);
    // A product made after the seed, as the API would (the refusals must not lose it).
    await withDb(t, (db) =>
      db.execute(
        sql`insert into products (title, sku, price_fiat_cents, rwa_type, status, stock) values ('Kept', ${MARK}, 100, 'art', 'active', 1)`,
      ),
    );
  }, TEST_MS); // a describe's timeout does not reach its hooks, and this one runs a seed

  it('a negative price, a missing SKU, a shared SKU, a missing product, a collection that is not an array: exit 1, one line each, the database as it was', async () => {
    const before = await counts(t);
    const r = await seed(t, '--file', write('bad.json', BAD_FILE));
    expect(r.code, r.stdout + r.stderr).toBe(1);
    expect(r.stderr).toContain('The seed file has 5 problems; nothing was loaded');
    for (const line of BAD_LINES) expect(r.stderr.split('\n')).toContain(line);
    expect(await counts(t)).toEqual(before);
    expect(await marked()).toBe(1);
  });

  it('bad JSON: its line and column, the database as it was', async () => {
    const r = await seed(t, '--file', write('broken.json', '{\n  "users": [],\n  "products" []\n}\n'));
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/not valid JSON at line 3, column 14/);
    expect(await marked()).toBe(1);
  });

  it('--lenient loads the file anyway and prints each repair', async () => {
    const r = await seed(t, '--file', write('lenient.json', BAD_FILE), '--lenient');
    expect(r.code, r.stdout + r.stderr).toBe(0);
    expect(r.stdout).toContain('seed: repaired products[0] (id 1).priceFiat: -4 is negative: used 0.');
    expect(r.stdout).toContain(
      'seed: repaired products[2] (id 3).sku: "bar" is also an earlier product\'s SKU: renamed it bar-2.',
    );
    expect(await counts(t)).toMatchObject({ products: 3, orders: 1, items: 0 });
  });

  it('a load killed half-way leaves the data that was there', async () => {
    expect((await seed(t)).code).toBe(0);
    const before = await counts(t);
    // A large file, so that the load is still writing when it is killed.
    const users = Array.from({ length: 40_000 }, (_, i) => ({ id: i + 1, email: `u${i}@load.test` }));
    const file = write('large.json', { users, products: [{ id: 1, title: 'One', sku: 'ONE', priceFiat: 1 }] });
    const p = spawnTs('server/seed/cli.ts', ['--file', file], t.env);
    const deadline = Date.now() + HANG_MS;
    // The load prints this as its transaction starts; the kill comes while its rows are being written.
    while (
      !p.stdout().includes('replacing the data in one transaction') &&
      Date.now() < deadline &&
      p.child.exitCode === null
    )
      await new Promise((r) => setTimeout(r, 10));
    await new Promise((r) => setTimeout(r, 150));
    killByPid(p.child, 'SIGKILL');
    const exit = await p.exited;
    expect(exit.signal, exit.stdout + exit.stderr).toBe('SIGKILL');
    expect(await counts(t)).toEqual(before);
  });
});

// ---- 2 and 3. create-admin, and the server's start-up seeding --------------------------------------------

describe(`npm start's server (server/index.ts) and npm run create-admin on ${engine()}`, { timeout: TEST_MS }, () => {
  let t: Target;
  /** The later steps build on the first start's seeded data. */
  let firstStartOk = false;
  beforeAll(async () => {
    t = await newTarget('serve');
  });

  async function login(url: string, email: string, password: string) {
    const res = await fetch(`${url}/api/admin/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });
    return {
      status: res.status,
      body: (await res.json()) as { token?: string; user?: { role?: string; email?: string } },
    };
  }
  async function orderTotal(url: string, token: string) {
    const res = await fetch(`${url}/api/orders?limit=1`, { headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(200);
    return ((await res.json()) as { total: number }).total;
  }

  it('create-admin refuses an invalid email, a short password and no password off a terminal, with a sentence', async () => {
    const [badEmail, weak, noPassword] = await Promise.all([
      createAdmin(t, ['--email', 'not-an-email'], 'a-long-enough-password'),
      createAdmin(t, ['--email', 'weak@ops.test'], 'short-pw'),
      createAdmin(t, ['--email', 'nopw@ops.test']),
    ]);
    expectSentence(badEmail, /^Usage: npm run create-admin -- --email admin@example\.com/);
    expectSentence(weak, /^The password must be at least 12 characters\.$/m);
    expectSentence(noPassword, /^Set ADMIN_PASSWORD or run this on a terminal to be asked for the password\.$/m);
  });

  it('on an empty database: migrates, seeds db.json, prints the URL and the dev logins, serves; stops on SIGTERM', async () => {
    const server = await startServer(t);
    let stopped: Exit | undefined;
    try {
      expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:(\d+)$/);
      expect(server.url).not.toMatch(/:0$/);
      const out = server.output();
      expect(out).toMatch(/seed: loaded \d+ users, 20 products, 325 orders from .*db\.json\./);
      expect(out).toContain(
        `dev logins (password ${DEV_PASSWORD}): admin@rwa.dev, finance@rwa.dev, operator@rwa.dev, shopper@rwa.dev`,
      );
      expect(out).toContain(`database: ${engine()}`);
      expect(out).toContain('mint worker off (MINT_WORKER=false)');
      // The DNS server's worker thread loads its TypeScript under tsx too, and answers.
      const dns = /DNS: authoritative for rwa\.test on 127\.0\.0\.1:(\d+) \(UDP and TCP\)/.exec(out);
      expect(dns, out).not.toBeNull();
      expect((await udpQuery('rwa.test', 'SOA', { port: Number(dns![1]) }))?.rcode).toBe('NOERROR');

      const health = await fetch(`${server.url}/api/health`);
      expect(health.status).toBe(200);
      expect(await health.json()).toEqual({ ok: true, db: engine() });
      const admin = await login(server.url, 'admin@rwa.dev', DEV_PASSWORD);
      expect(admin.status, JSON.stringify(admin.body)).toBe(200);
      expect(admin.body.token).toEqual(expect.any(String));
      expect(await orderTotal(server.url, admin.body.token!)).toBe(325);
    } finally {
      stopped = await server.stop();
    }
    expect(stopped.signal, stopped.stderr).toBeNull();
    expect(stopped.code, stopped.stderr).toBe(0);
    firstStartOk = true;
  });

  it('create-admin creates an admin, and promotes an existing account replacing its password', async () => {
    expect(firstStartOk, 'the first start failed, so there is no seeded data to build on').toBe(true);
    const created = await createAdmin(
      t,
      ['--email', ' New.Admin@Ops.Test ', '--name', 'New Admin'],
      'new-admin-password-1',
      'tsx:server/modules/auth/create-admin-cli.ts', // as `npm run create-admin` runs it
    );
    expect(created.code, created.stdout + created.stderr).toBe(0);
    expect(created.stdout).toContain('Created admin new.admin@ops.test.');
    const promoted = await createAdmin(
      t,
      ['--email', 'shopper@rwa.dev'],
      'shopper-now-admin-1',
      path.join(compiled, 'create-admin.js'),
    );
    expect(promoted.code, promoted.stdout + promoted.stderr).toBe(0);
    expect(promoted.stdout).toContain(
      'shopper@rwa.dev is now an admin; its password was replaced and its sessions ended.',
    );

    const { users } = await snapshot(t, ['new.admin@ops.test', 'shopper@rwa.dev']);
    expect(users['new.admin@ops.test']).toMatchObject({ role: 'admin', status: 'active', name: 'New Admin' });
    expect(await verifyPassword(users['new.admin@ops.test']!.password_hash, 'new-admin-password-1')).toBe(true);
    expect(users['shopper@rwa.dev']).toMatchObject({ role: 'admin', name: 'Sam Shopper' });
    expect(await verifyPassword(users['shopper@rwa.dev']!.password_hash, DEV_PASSWORD)).toBe(false);
  });

  it('a second start, compiled, on the same data does not reseed: changed orders stay changed, the new admin logs in, DNS answers', async () => {
    expect(firstStartOk, 'the first start failed, so there is no seeded data to build on').toBe(true);
    // Five orders without payments go, so that the count differs from db.json's.
    await withDb(t, (db) =>
      db.execute(sql`delete from orders where id in (
      select id from orders o where not exists (select 1 from payments p where p.order_id = o.id) order by id limit 5)`),
    );
    const server = await startServer(t, { script: path.join(compiled, 'index.js') });
    let stopped: Exit | undefined;
    try {
      expect(server.output()).not.toMatch(/seed: loaded/);
      // The compiled DNS thread (dist-server/dns-thread.js) answers.
      const dns = /DNS: authoritative for rwa\.test on 127\.0\.0\.1:(\d+) \(UDP and TCP\)/.exec(server.output());
      expect(dns, server.output()).not.toBeNull();
      expect((await udpQuery('rwa.test', 'SOA', { port: Number(dns![1]) }))?.rcode).toBe('NOERROR');
      const admin = await login(server.url, 'new.admin@ops.test', 'new-admin-password-1');
      expect(admin.status, JSON.stringify(admin.body)).toBe(200);
      expect(await orderTotal(server.url, admin.body.token!)).toBe(320);
      const promoted = await login(server.url, 'shopper@rwa.dev', 'shopper-now-admin-1');
      expect(promoted.status, JSON.stringify(promoted.body)).toBe(200);
      expect((await login(server.url, 'admin@rwa.dev', DEV_PASSWORD)).status).toBe(200);
    } finally {
      stopped = await server.stop();
    }
    expect(stopped.code, stopped.stderr).toBe(0);
  });
});

// ---- npm run export --------------------------------------------------------------------------------------

describe(`npm run export (server/seed/export-cli.ts) on ${engine()}`, { timeout: TEST_MS }, () => {
  const exportTo = (t: Target, ...args: string[]) => run('server/seed/export-cli.ts', args, t.env);

  it('seed → export --file → seed --keep-dates → export: the same bytes; a bad option is refused with a sentence and no file', async () => {
    const t = await newTarget('export');
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'rwa-cmd-export-'));
    tempDirs.push(tmp);
    const [a, b] = [path.join(tmp, 'a.json'), path.join(tmp, 'b.json')];
    expect((await seed(t, '--orders', '200')).code).toBe(0);
    const first = await run('tsx:server/seed/export-cli.ts', ['--file', a], t.env); // as `npm run export` runs it
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toMatch(
      new RegExp(
        'export: 144 users, 20 products, 525 orders, \\d+ orderItems, \\d+ payments, \\d+ refunds, \\d+ coupons, \\d+ referralClicks, \\d+ payouts, \\d+ commissions, ' +
          '\\d+ dnsRecords, \\d+ dnsQueryLogs, \\d+ dnsScriptLogs, \\d+ notificationBulks, \\d+ notifications, \\d+ emailMessages, \\d+ redemptions, ' +
          '\\d+ pointsEntries, \\d+ kycSessions, \\d+ auditEvents, \\d+ mintJobs, \\d+ chainTransactions, \\d+ conversions, 3 settings to a\\.json',
      ),
    );
    const reseed = await seed(t, '--file', a, '--keep-dates');
    expect(reseed.code, reseed.stderr).toBe(0);
    expect((await exportTo(t, '--file', b)).code).toBe(0);
    expect(fs.readFileSync(b, 'utf8')).toBe(fs.readFileSync(a, 'utf8'));
    expect(await counts(t)).toMatchObject({ users: 44 + 100, products: 20, orders: 325 + 200 });

    const bad = await exportTo(t, '--fiel', path.join(tmp, 'c.json'));
    expectSentence(bad, /Unknown option '--fiel'/);
    expect(fs.readdirSync(tmp).sort()).toEqual(['a.json', 'b.json']);
  });
});
