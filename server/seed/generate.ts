import { randomUUID } from 'node:crypto';
import { faker } from '@faker-js/faker';
import { sql } from 'drizzle-orm';
import { rebuildMoneyStats } from '../db/money-stats.js';
import { rebuildOrderStats } from '../db/order-stats.js';
import type { Db, Tx } from '../db/client.js';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * Bulk order generation for scale tests, set-based: every batch is one INSERT … SELECT FROM
 * generate_series statement writing orders, their single order line and (for paid, fulfilled and
 * refunded orders) a payment (a refunded one with its refund), with random() choosing status, customer, product, quantity and date.
 */

export type GenerateOptions = {
  /** Size of the generated customer pool (default n/20, between 100 and 50,000). */
  customers?: number;
  batchSize?: number;
  /** Drop the secondary indexes during the load and rebuild them after (default: when n ≥ the orders already there). */
  rebuildIndexes?: boolean;
  log?: (message: string) => void;
};
export type GenerateResult = { orders: number; customers: number; ms: number };

/**
 * Ids are a random version-4 prefix per batch and table (from JS) plus the row number: unique, valid v4,
 * and ~50× cheaper than gen_random_uuid() on PGlite (~5 µs a call there).
 */
const idPrefix = () => randomUUID().slice(0, 24);
const ID = (prefix: string) => sql`(${prefix}::text || lpad(to_hex(g), 12, '0'))::uuid`;
const DOMAINS = ['gmail.com', 'outlook.com', 'yahoo.com', 'proton.me', 'icloud.com', 'example.com'];

export async function generateOrders(db: Db, n: number, opts: GenerateOptions = {}): Promise<GenerateResult> {
  const started = Date.now();
  if (n <= 0) return { orders: 0, customers: 0, ms: 0 };
  const log = opts.log ?? (() => {});
  const batch = opts.batchSize ?? 100_000;
  const wanted = opts.customers ?? Math.min(50_000, Math.max(100, Math.ceil(n / 20)));
  let customers = 0;
  await db.transaction(async (tx) => {
    await tx.execute(sql`set local work_mem = '64MB'`);
    if (await isSuperuser(tx)) {
      // Rows are built from existing customers and products and the orders of the same statement, so their
      // foreign keys hold by construction; skipping the per-row checks (as pg_restore does) saves ~40 %.
      await tx.execute(sql`set local session_replication_role = replica`);
    }
    const products = await stageProducts(tx);
    customers = await stageCustomers(tx, wanted);
    log(`generate: ${customers} customers in ${Date.now() - started} ms; ${products} products to choose from`);
    const dropped = (opts.rebuildIndexes ?? (await isBulk(tx, n))) ? await dropIndexes(tx) : [];
    for (let done = 0; done < n; done += batch) {
      await insertBatch(tx, Math.min(batch, n - done), customers, products);
      log(`generate: ${Math.min(done + batch, n)} / ${n} orders, ${Math.round((Date.now() - started) / 1000)} s`);
    }
    if (dropped.length) {
      await tx.execute(sql`set local maintenance_work_mem = '256MB'`);
      for (const def of dropped) await tx.execute(sql.raw(def));
      log(`generate: rebuilt ${dropped.length} indexes, ${Math.round((Date.now() - started) / 1000)} s`);
    }
    // Each refunded payment's refund, as the live path records it (payments.refunded_cents is the sum of its refunds).
    await tx.execute(sql`insert into refunds (payment_id, amount_cents, reason, created_at)
      select p.id, p.refunded_cents, 'The order was refunded in full.', p.updated_at from payments p
      where p.status = 'refunded' and not exists (select 1 from refunds r where r.payment_id = p.id)`);
    // The replica role above also silences the triggers that keep the orders' and revenue's hourly figures.
    await rebuildOrderStats(tx);
    await rebuildMoneyStats(tx);
  });
  // Statistics for the planner, and a visibility map so that counts can use index-only scans.
  await db.execute(sql`VACUUM (ANALYZE) users, orders, order_items, payments`);
  return { orders: n, customers, ms: Date.now() - started };
}

async function isSuperuser(tx: Tx) {
  const [row] = rowsOf<{ yes: boolean }>(
    await tx.execute(sql`select rolsuper as yes from pg_roles where rolname = current_user`),
  );
  return row?.yes === true;
}

/** Adding at least as many orders as there are: rebuilding the indexes once beats updating them row by row. */
async function isBulk(tx: Tx, n: number) {
  const [row] = rowsOf<{ n: number | string }>(await tx.execute(sql`select count(*) as n from orders`));
  return n >= Number(row?.n ?? 0);
}

/** Drops the secondary indexes of the three tables written (not those backing constraints) and returns their definitions. */
async function dropIndexes(tx: Tx): Promise<string[]> {
  const rows = rowsOf<{ name: string; def: string }>(
    await tx.execute(sql`
    select indexname as name, indexdef as def from pg_indexes
    where schemaname = current_schema() and tablename in ('orders', 'order_items', 'payments')
      and indexname not in (select conname from pg_constraint)`),
  );
  for (const r of rows) await tx.execute(sql`drop index ${sql.identifier(r.name)}`);
  return rows.map((r) => r.def);
}

/** Active products (any product when none is active), numbered 1..P for random picks. */
async function stageProducts(tx: Tx): Promise<number> {
  await tx.execute(sql`
    create temp table gen_products on commit drop as
    select row_number() over (order by id)::int as idx, id, title, sku, price_fiat_cents as price, chain_id, contract, token_id
    from products
    where price_fiat_cents > 0 and (status = 'active' or not exists (select 1 from products where status = 'active'))`);
  const [row] = rowsOf<{ n: number | string }>(await tx.execute(sql`select count(*) as n from gen_products`));
  const count = Number(row?.n ?? 0);
  if (!count) throw new Error('generateOrders needs products with a price: load db.json first.');
  return count;
}

/** Inserts a pool of customers (no password: they cannot log in) and numbers them 1..C. */
async function stageCustomers(tx: Tx, wanted: number): Promise<number> {
  faker.seed(wanted);
  const firsts = sqlArray(faker.helpers.uniqueArray(() => faker.person.firstName(), 300));
  const lasts = sqlArray(faker.helpers.uniqueArray(() => faker.person.lastName(), 300));
  const domains = sqlArray(DOMAINS);
  await tx.execute(
    sql`create temp table gen_customers (idx int primary key, id uuid not null, email text not null, wallet text not null, created_at timestamptz not null) on commit drop`,
  );
  // The number after the name keeps emails unique; a clash with an existing user is skipped.
  await tx.execute(sql`
    with base as (select count(*) as n from users),
    c as materialized (
      select g, f[1 + floor(random() * cardinality(f))::int] as first, l[1 + floor(random() * cardinality(l))::int] as last,
        d[1 + floor(random() * cardinality(d))::int] as domain, random() as rs, random() as rk, random() as rt
      from generate_series(1, ${wanted}::int) g, (select ${firsts}::text[] as f, ${lasts}::text[] as l, ${domains}::text[] as d) a
    ),
    ins as (
      insert into users (email, name, first_name, last_name, role, status, kyc_status, created_at, updated_at)
      select lower(regexp_replace(first || '.' || last, '[^a-zA-Z.]', '', 'g')) || (base.n + g) || '@' || domain,
        first || ' ' || last, first, last, 'user',
        case when rs < 0.03 then 'suspended' when rs < 0.05 then 'inactive' else 'active' end,
        case when rk < 0.55 then 'verified' when rk < 0.7 then 'approved' when rk < 0.93 then 'pending' else 'rejected' end,
        now() - interval '3 years' * sqrt(rt), now() - interval '3 years' * sqrt(rt)
      from c, base
      on conflict do nothing
      returning id, email, created_at
    )
    insert into gen_customers select row_number() over ()::int, id, email, '0x' || md5(email) || substr(md5(id::text), 1, 8), created_at from ins`);
  const [row] = rowsOf<{ n: number | string }>(await tx.execute(sql`select count(*) as n from gen_customers`));
  return Number(row?.n ?? 0);
}

function sqlArray(values: string[]) {
  return `{${values.map((v) => `"${v.replace(/["\\]/g, '')}"`).join(',')}}`;
}

/**
 * Status shares: paid 45 %, fulfilled 25 %, pending 15 %, failed 10 %, refunded 5 %. Dates cover the last
 * 12 months with volume growing towards today (half uniform, half with linearly rising density), never
 * before the customer signed up.
 * Customers are picked with a skew (power of random()), so some buy often and many once.
 */
async function insertBatch(tx: Tx, size: number, customers: number, products: number) {
  await tx.execute(sql`
    with r as materialized (
      select g, ${ID(idPrefix())} as id, ${ID(idPrefix())} as item_id, random() as rs, random() as rq, random() as rm, random() as rp,
        1 + floor(power(random(), 1.4) * ${customers}::int)::int as ci,
        1 + floor(random() * ${products}::int)::int as pi,
        now() - interval '365 days' * (case when random() < 0.5 then random() else 1 - sqrt(random()) end) as created
      from generate_series(1, ${size}::int) g
    ),
    o as materialized (
      select x.*,
        least(x.created + interval '1 minute' + interval '20 minutes' * x.rp, now()) as paid_at,
        least(x.created + interval '2 hours' + interval '70 hours' * x.rp, now()) as later
      from (
        select r.g, r.id, r.item_id, r.rm, r.rp, c.wallet, c.id as user_id, c.email,
          p.id as product_id, p.title, p.sku, p.price, p.chain_id, p.contract, p.token_id,
          least(greatest(r.created, c.created_at + interval '10 minutes'), now()) as created,
          case when rs < 0.45 then 'paid' when rs < 0.70 then 'fulfilled' when rs < 0.85 then 'pending' when rs < 0.95 then 'failed' else 'refunded' end as status,
          case when rq < 0.8 then 1 when rq < 0.95 then 2 else 3 end as qty
        from r join gen_customers c on c.idx = r.ci join gen_products p on p.idx = r.pi
      ) x
    ),
    ins_orders as (
      insert into orders (id, user_id, customer_email, status, qty, amount_cents, currency, wallet_address, created_at, updated_at, paid_at, fulfilled_at)
      select id, user_id, email, status, qty, price * qty, 'USD',
        case when contract is not null then wallet end,
        created,
        case when status in ('pending', 'paid') then coalesce(case when status = 'paid' then paid_at end, created) else later end,
        case when status in ('paid', 'fulfilled', 'refunded') then paid_at end,
        case when status = 'fulfilled' then later end
      from o
    ),
    ins_items as (
      insert into order_items (id, order_id, product_id, title, sku, qty, unit_price_cents, line_total_cents, tokenised, chain_id, contract, token_id)
      select item_id, id, product_id, title, sku, qty, price, price * qty, contract is not null,
        case when contract is not null then chain_id end, contract, token_id
      from o
    )
    insert into payments (id, order_id, user_id, method, provider, amount_cents, refunded_cents, currency, status, reference, created_at, updated_at, completed_at)
    select ${ID(idPrefix())}, id, user_id, m.method, m.method, price * qty, case when status = 'refunded' then price * qty else 0 end, 'USD',
      case when status = 'refunded' then 'refunded' else 'completed' end,
      m.prefix || ${randomUUID().slice(0, 8)}::text || lpad(to_hex(g), 16, '0'),
      paid_at, case when status = 'refunded' then later else paid_at end, paid_at
    from o, lateral (select case when o.rm < 0.6 then 'stripe' when o.rm < 0.85 then 'coinbase' else 'bank' end as method,
                            case when o.rm < 0.6 then 'pi_' when o.rm < 0.85 then 'cb_' else 'bt_' end as prefix) m
    where status in ('paid', 'fulfilled', 'refunded')`);
}
