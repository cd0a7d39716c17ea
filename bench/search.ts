/**
 * npm run bench:search [-- --engines=postgres,pglite] [-- --orders=1000000] [-- --users=100000] [-- --requests=100]
 *   [-- --keep] [-- --reuse=<url of a kept PostgreSQL database>]
 * The search boxes of the orders, payments, commissions and users lists (`q`: any part of an id, email, name or
 * reference, lib/search.ts) at scale. For each engine: a fresh database, migrate, db.json for the logins, then
 * set-based SQL adds `users` customers (names and emails of six domains, a sixth of them gmail.com) and `orders` paid
 * orders, each with a payment (a provider reference) and a level-1 commission. Ids are random-looking (md5) as real
 * ones are, so a piece from the middle of one is as rare as it would be (the seed's generator numbers its ids in
 * batches). The search's trigram indexes are dropped during the load and rebuilt from their migration's definitions.
 * Then each list is searched for a piece from the middle of an id (8 and 4 characters), "gmail", a piece of a name,
 * email or reference, two characters, and a term that matches nothing; each call `requests` times one after another
 * (after a warm-up) and its p50 / p99 reported with the rows found. The lists' totals come from their Counter (exact up
 * to 10,000 rows, else the planner's estimate, kept a few seconds), as in use. EXPLAIN ANALYZE of each list's page
 * query for one rare term is printed, to show the trigram indexes at work. Results: a table here, JSON in bench/results/.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { desc, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { buildApp } from '../server/app.js';
import { loadConfig } from '../server/config.js';
import { fromPostgres, queryRows } from '../server/db/client.js';
import { commissions, orders, payments, searchOf, users } from '../server/db/schema.js';
import { seedFromFile } from '../server/seed/seed.js';
import { byOrder, byUser, ownSearchFilter, searchFilter } from '../server/lib/search.js';
import { freshDatabase, percentile, postgresReachable, postgresTarget, table, type Engine, type Fresh } from './lib.js';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const TARGET_P50_MS = 50;
const CHUNK = 200_000;
const SEARCH_INDEXES = ['users_search_idx', 'orders_search_idx', 'payments_search_idx', 'commissions_search_idx'];

type Run = {
  engine: Engine;
  list: string;
  term: string;
  what: string;
  p50: number;
  p99: number;
  rows: number;
  total: number;
};

/** A valid (version 4 shaped) UUID made from a text: the same text gives the same id, so rows can name each other. */
const uid = (text: SQL) =>
  sql`(substr(md5(${text}), 1, 12) || '4' || substr(md5(${text}), 14, 3) || '8' || substr(md5(${text}), 18, 15))::uuid`;

const FIRST = ['Ada', 'Grace', 'Alan', 'Edsger', 'Barbara', 'Donald', 'Margaret', 'Ken', 'Frances', 'John', 'Radia'];
const LAST = [
  'Lovelace',
  'Hopper',
  'Turing',
  'Dijkstra',
  'Liskov',
  'Knuth',
  'Hamilton',
  'Thompson',
  'Allen',
  'Perlman',
];
const DOMAINS = ['gmail.com', 'outlook.com', 'yahoo.com', 'proton.me', 'icloud.com', 'example.com'];
const arr = (values: string[]) => sql.raw(`array[${values.map((v) => `'${v}'`).join(', ')}]`);
/** Customer i's first name, last name and email, as SQL over the integer expression `i`. */
const first = (i: SQL) => sql`(${arr(FIRST)})[1 + ${i} % ${FIRST.length}]`;
const last = (i: SQL) => sql`(${arr(LAST)})[1 + (${i} / ${FIRST.length}) % ${LAST.length}]`;
const email = (i: SQL) =>
  sql`lower(${first(i)} || '.' || ${last(i)}) || ${i} || '@' || (${arr(DOMAINS)})[1 + (${i} / 7) % ${DOMAINS.length}]`;

async function generate(fresh: Fresh, customers: number, n: number) {
  const db = fresh.database.db;
  const defs = await queryRows<{ def: string }>(
    db,
    sql`select indexdef as def from pg_indexes where indexname in (${sql.join(
      SEARCH_INDEXES.map((i) => sql`${i}`),
      sql`, `,
    )})`,
  );
  for (const name of SEARCH_INDEXES) await db.execute(sql`drop index ${sql.identifier(name)}`);
  const i = sql`i`;
  await db.execute(sql`
    insert into users (id, email, name, first_name, last_name, role, status, referral_code, created_at, updated_at)
    select ${uid(sql`'bu' || i`)}, ${email(i)}, ${first(i)} || ' ' || ${last(i)}, ${first(i)}, ${last(i)}, 'user', 'active',
      upper(substr(md5('code' || i), 1, 10)), now() - make_interval(secs => (${customers} - i) * 300), now()
    from generate_series(1, ${customers}::int) i`);
  // In chunks, so that one statement's memory stays modest (PGlite keeps its database in memory).
  for (let from = 1; from <= n; from += CHUNK) {
    const to = Math.min(n, from + CHUNK - 1);
    const b = sql`b`;
    const range = sql`(select j, 2 + ((j::bigint * 7919) % (${customers}::int - 1))::int as b, now() - make_interval(secs => (${n}::int - j) * 30) as at
      from generate_series(${from}::int, ${to}::int) j) s`;
    await db.execute(sql`
      insert into orders (id, user_id, customer_email, status, qty, amount_cents, subtotal_cents, currency, created_at, updated_at, paid_at, referrer_id)
      select ${uid(sql`'bo' || j`)}, ${uid(sql`'bu' || b`)}, ${email(b)}, 'paid', 1, 10000 + (j % 50) * 100, 10000 + (j % 50) * 100,
        'USD', at, at, at, ${uid(sql`'bu' || (b / 2)`)}
      from ${range}`);
    await db.execute(sql`
      insert into payments (id, order_id, user_id, method, provider, amount_cents, currency, status, reference, created_at, updated_at, completed_at)
      select ${uid(sql`'bp' || j`)}, ${uid(sql`'bo' || j`)}, ${uid(sql`'bu' || b`)}, 'card', 'stripe', 10000 + (j % 50) * 100, 'USD',
        'completed', 'pi_' || substr(md5('ref' || j), 1, 24), at, at, at
      from ${range}`);
    await db.execute(sql`
      insert into commissions (id, order_id, referrer_id, level, rate, base_cents, original_cents, amount_cents, currency, status, earned_at, created_at, updated_at)
      select ${uid(sql`'bc' || j`)}, ${uid(sql`'bo' || j`)}, ${uid(sql`'bu' || (b / 2)`)}, 1, 0.05, 10000 + (j % 50) * 100,
        500 + (j % 50) * 5, 500 + (j % 50) * 5, 'USD',
        (array['pending', 'approved', 'approved', 'paid', 'pending', 'paid', 'pending', 'approved', 'paid', 'rejected'])[1 + j % 10], at, at, at
      from ${range}`);
    console.log(`  ${to} / ${n} orders`);
  }
  // Earners are affiliates, as earning sets it.
  await db.execute(
    sql`update users u set affiliate = true where exists (select 1 from commissions c where c.referrer_id = u.id)`,
  );
  for (const { def } of defs) await db.execute(sql.raw(def));
  await db.execute(sql`analyze`);
}

/** The terms searched: each a piece of a row chosen in the middle of the data, and what it is. */
async function termsOf(fresh: Fresh, customers: number, n: number) {
  const j = Math.floor(n * 0.6180339);
  const c = Math.floor(customers * 0.4142);
  const [row] = await queryRows<{ order: string; payment: string; reference: string; user: string; email: string }>(
    fresh.database.db,
    sql`select (select id::text from orders where id = ${uid(sql`'bo' || ${j}::int`)}) as order,
      (select id::text from payments where id = ${uid(sql`'bp' || ${j}::int`)}) as payment,
      (select reference from payments where id = ${uid(sql`'bp' || ${j}::int`)}) as reference,
      (select id::text from users where id = ${uid(sql`'bu' || ${c}::int`)}) as user,
      (select email from users where id = ${uid(sql`'bu' || ${c}::int`)}) as email`,
  );
  const r = row!;
  const mid8 = (id: string) => id.slice(10, 18);
  const mid4 = (id: string) => id.slice(24, 28);
  const localPart = r.email.split('@')[0]!;
  return {
    order8: { term: mid8(r.order), what: 'order id, 8 from its middle' },
    order4: { term: mid4(r.order), what: 'order id, 4 from its middle' },
    payment8: { term: mid8(r.payment), what: 'payment id, 8 from its middle' },
    reference: { term: r.reference.slice(6, 16), what: 'reference, 10 from its middle' },
    email: { term: localPart.slice(-7), what: "a customer's email, 7 from its middle" },
    user8: { term: mid8(r.user), what: 'user id, 8 from its middle' },
    name: { term: 'ovelac', what: 'a name (one customer in ten)' },
    gmail: { term: 'gmail', what: 'gmail (one customer in six)' },
    short: { term: '7f', what: 'two characters' },
    none: { term: 'nobody-here', what: 'nothing matches' },
  };
}

async function timed(base: string, token: string, url: string, requests: number) {
  const once = async () => {
    const started = performance.now();
    const res = await fetch(base + url, { headers: { authorization: `Bearer ${token}` } });
    const body = (await res.json()) as Record<string, unknown> & { total?: number; error?: string };
    if (!res.ok) throw new Error(`${url}: ${res.status} ${body.error ?? ''}`);
    const list = Object.values(body).find(Array.isArray) as unknown[] | undefined;
    return { ms: performance.now() - started, rows: list?.length ?? 0, total: body.total ?? 0 };
  };
  for (let i = 0; i < 5; i++) await once();
  const samples = [];
  for (let i = 0; i < requests; i++) samples.push(await once());
  const sorted = samples.map((s) => s.ms).sort((a, b) => a - b);
  return {
    p50: +percentile(sorted, 50).toFixed(1),
    p99: +percentile(sorted, 99).toFixed(1),
    rows: samples[0]!.rows,
    total: samples[0]!.total,
  };
}

/** EXPLAIN ANALYZE of a list's page (its filter, newest first, 20 rows), the lists' very search filter. */
async function explain(fresh: Fresh, label: string, table: PgTable, created: PgColumn, id: PgColumn, where: SQL) {
  const plan = await queryRows<{ 'QUERY PLAN': string }>(
    fresh.database.db,
    sql`explain (analyze, costs off, timing off) select * from ${table} where ${where} order by ${desc(created)}, ${desc(id)} limit 20`,
  );
  console.log(`\n${label}\n${plan.map((r) => `  ${r['QUERY PLAN']}`).join('\n')}`);
}

async function benchOne(engine: Engine, customers: number, n: number, requests: number, pgUrl: string) {
  const fresh = reuse ? kept(reuse) : await freshDatabase(engine, pgUrl);
  try {
    const started = Date.now();
    await fresh.database.migrate();
    if (!reuse) {
      await seedFromFile(fresh.database.db, path.join(root, 'db.json'), { log: () => {} });
      await generate(fresh, customers, n);
    }
    console.log(
      `${engine}: ${customers} customers, ${n} orders, payments and commissions in ${((Date.now() - started) / 1000).toFixed(0)} s`,
    );
    const terms = await termsOf(fresh, customers, n);
    const db = fresh.database.db;
    const plans: [string, PgTable, PgColumn, PgColumn, (term: string) => Promise<SQL>][] = [
      ['orders', orders, orders.createdAt, orders.id, async (q) => ownSearchFilter(q, searchOf.orders(orders))],
      [
        'payments',
        payments,
        payments.createdAt,
        payments.id,
        (q) => searchFilter(db, q, searchOf.payments(payments), [byOrder(payments.orderId)]),
      ],
      [
        'commissions',
        commissions,
        commissions.createdAt,
        commissions.id,
        (q) =>
          searchFilter(db, q, searchOf.commissions(commissions), [
            byOrder(commissions.orderId),
            byUser(commissions.referrerId),
          ]),
      ],
      ['users', users, users.createdAt, users.id, async (q) => ownSearchFilter(q, searchOf.users(users))],
    ];
    for (const [list, table, created, id, filter] of plans)
      for (const term of [list === 'users' ? terms.user8.term : terms.order8.term, terms.gmail.term])
        await explain(fresh, `${engine} ${list}, q=${term}`, table, created, id, await filter(term));

    const config = loadConfig({
      ...process.env,
      ...fresh.env,
      LOG_LEVEL: 'silent',
      RATE_LIMIT_MAX: '1000000000',
      SEED_ON_EMPTY: 'false',
      SERVE_UI: 'false',
      DNS_SERVER: 'false',
      ...(engine === 'pglite' ? { DATABASE_URL: undefined } : {}),
    });
    const app = await buildApp({ config, database: fresh.database, chain: false, sweeper: false });
    await app.listen({ host: '127.0.0.1', port: 0 });
    try {
      const address = app.server.address();
      if (!address || typeof address === 'string') throw new Error('the server has no TCP address');
      const base = `http://127.0.0.1:${address.port}`;
      const login = await fetch(`${base}/api/admin/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'admin@rwa.dev', password: 'rwa-dev-password' }),
      });
      const token = ((await login.json()) as { token: string }).token;
      const t = terms;
      const lists: [string, string, (typeof t)[keyof typeof t][]][] = [
        ['orders', '/api/orders?limit=20&offset=0', [t.order8, t.order4, t.email, t.gmail, t.short, t.none]],
        [
          'payments',
          '/api/payments?limit=20&offset=0',
          [t.payment8, t.order8, t.reference, t.email, t.gmail, t.short, t.none],
        ],
        ['commissions', '/api/commissions?limit=20&offset=0', [t.order8, t.email, t.name, t.gmail, t.short, t.none]],
        ['users', '/api/users?limit=20&offset=0', [t.user8, t.email, t.name, t.gmail, t.short, t.none]],
      ];
      const runs: Run[] = [];
      for (const [list, url, searched] of lists) {
        for (const { term, what } of searched) {
          const r = await timed(base, token, `${url}&q=${encodeURIComponent(term)}`, requests);
          console.log(
            `${engine} ${list} q=${term} (${what}): p50 ${r.p50} ms, p99 ${r.p99} ms, ${r.rows} rows of ${r.total}`,
          );
          runs.push({ engine, list, term, what, ...r });
        }
      }
      return runs;
    } finally {
      await app.close();
    }
  } finally {
    if (keep || reuse) console.log(`kept: ${JSON.stringify(fresh.env)}`);
    if (reuse || !keep) await fresh.dispose(); // a reused database is only closed
  }
}

/** --keep: leave the generated database (its DATA_DIR or DATABASE_URL is printed) to look at its plans. */
let keep = false;
/** --reuse=<DATABASE_URL>: measure a PostgreSQL database kept by an earlier run (same --users and --orders), kept again. */
let reuse: string | undefined;
const kept = (url: string): Fresh => {
  const database = fromPostgres(url);
  return { database, env: { DATABASE_URL: url }, dispose: () => database.close() };
};

async function main() {
  const { values } = parseArgs({
    options: {
      engines: { type: 'string' },
      users: { type: 'string' },
      orders: { type: 'string' },
      requests: { type: 'string' },
      keep: { type: 'boolean', default: false },
      reuse: { type: 'string' },
    },
  });
  keep = values.keep ?? false;
  reuse = values.reuse;
  const customers = Number(values.users ?? 100_000);
  const n = Number(values.orders ?? 1_000_000);
  const requests = Number(values.requests ?? 100);
  if (![customers, n, requests].every((x) => Number.isSafeInteger(x) && x > 1))
    throw new Error('--users, --orders and --requests must be whole numbers above 1.');
  const target = postgresTarget();
  const engines = (values.engines?.split(',') ?? ['postgres', 'pglite']) as Engine[];
  const runs: Run[] = [];
  for (const engine of engines) {
    if (engine === 'postgres' && !(await postgresReachable(target))) continue;
    runs.push(...(await benchOne(engine, customers, n, requests, target.url)));
  }
  console.log(
    `\n${table(runs.map((r) => ({ engine: r.engine, list: r.list, q: r.term, 'p50 ms': r.p50, 'p99 ms': r.p99, rows: r.rows, total: r.total, what: r.what })))}\n`,
  );
  const dir = path.join(root, 'bench', 'results');
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `search-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  const machine = { cpus: os.cpus().length, cpuModel: os.cpus()[0]?.model, node: process.version, load: os.loadavg() };
  fs.writeFileSync(
    file,
    `${JSON.stringify({ at: new Date().toISOString(), machine, customers, orders: n, requests, runs }, null, 2)}\n`,
  );
  console.log(`results: ${path.relative(process.cwd(), file)}`);
  const slow = runs.filter((r) => r.p50 > TARGET_P50_MS);
  if (slow.length)
    console.log(
      `above the ${TARGET_P50_MS} ms p50 target: ${slow.map((r) => `${r.engine} ${r.list} q=${r.term}`).join('; ')}`,
    );
}

await main();
