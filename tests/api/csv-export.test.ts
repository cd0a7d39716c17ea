/**
 * GET /api/<list>/export.csv: for each list, the CSV holds the JSON list's rows for the same filters and sort, in the
 * same order, amounts as decimal text and dates in ISO 8601; and the keyset paging it reads with gives the list's
 * order across batch boundaries, including sorts by a column that may be null.
 */
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csvCell, csvExports } from '../../server/lib/csv.js';
import { keysetPages, type Page } from '../../server/lib/pages.js';
import { couponRows } from '../../server/modules/coupons/service.js';
import { orderRows } from '../../server/modules/orders/service.js';
import { userRows } from '../../server/modules/users/service.js';
import { orderListQuery } from '../../src/common/orders.schemas.js';
import { apiOf, CSV_RESOURCES, type ResourceName } from '../../src/common/resources.js';
import { couponListQuery } from '../../src/common/coupons.schemas.js';
import { userListQuery } from '../../src/common/users.schemas.js';
import {
  buildCoupon,
  buildDnsRecord,
  buildKycSession,
  buildMintJob,
  buildOrder,
  buildPayment,
  buildProduct,
  buildUser,
  dnsName,
} from './factories.js';
import { createTestApp, type TestApp } from './harness.js';
import { engine } from './engine.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  const product = await buildProduct(t, {
    title: '=HYPERLINK("http://evil.test"), "quoted", and\nmore',
    priceFiat: '1234.50',
  });
  const buyer = await buildUser(t, { name: '+Plus, Minus' });
  for (let i = 0; i < 4; i++)
    await buildOrder(t, { userEmail: buyer.email, productId: product.id, qty: 1 + (i % 3), paid: i % 2 === 0 });
  for (let i = 0; i < 3; i++) await buildOrder(t, { qty: 2 });
  for (let i = 0; i < 3; i++) await buildPayment(t);
  await buildCoupon(t, { endDate: '2099-01-01T00:00:00.000Z' });
  await buildCoupon(t);
  await buildCoupon(t, { endDate: '2098-01-01T00:00:00.000Z' });
  await buildMintJob(t);
  for (let i = 0; i < 3; i++) await buildDnsRecord(t);
  // A user who logged in (lastLogin set) among ones who never did: a sort by a column that may be null.
  await t.login(buyer.email);
  // The lists added with the admin's Export buttons: the review queue, notifications, the outbox, bulk sends, DNS logs.
  for (let i = 0; i < 3; i++) await buildKycSession(t);
  await buildKycSession(t, { userId: buyer.id });
  for (const [i, title] of ['=SUM(A1:A2)', 'Parcel, "left"', 'Plain'].entries()) {
    const res = await t.call('POST', '/api/notifications/send', {
      body: { userId: buyer.id, title, body: `Body ${i}\nsecond line`, channels: ['in_app', 'email'] },
    });
    expect(res.statusCode, res.body).toBe(201);
  }
  expect(
    (
      await t.call('POST', '/api/notifications/bulk', {
        body: { audience: 'admin', title: 'All admins', body: 'Hello.' },
      })
    ).statusCode,
  ).toBe(202);
  for (const record of [await buildDnsRecord(t), await buildDnsRecord(t, { type: 'TXT', value: 'v=spf1 -all' })]) {
    expect(
      (await t.call('GET', `/api/domain/resolve/${record.domain}?type=${record.type}`, { as: null })).statusCode,
    ).toBe(200);
  }
  for (const domain of [dnsName('csv'), dnsName('csv')]) {
    const res = await t.call('POST', '/api/domain/script/execute', {
      body: { scriptName: 'Create DNS Record', parameters: { domain, type: 'A', value: '192.0.2.9' } },
    });
    expect(res.statusCode, res.body).toBe(200);
  }
}, 120_000);
afterAll(async () => {
  await t?.close();
});

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- rows of any list
type Row = Record<string, any>;

/** Every row of a JSON list for a query, page after page. */
async function jsonList(path: string, field: string, query: string): Promise<Row[]> {
  const rows: Row[] = [];
  for (let offset = 0; ; offset += 200) {
    const res = await t.call('GET', `${path}?${query}${query ? '&' : ''}limit=200&offset=${offset}`);
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json()[field] as Row[];
    rows.push(...page);
    if (page.length < 200) return rows;
  }
}

async function csvList(path: string, query: string) {
  const res = await t.call('GET', `${path}/export.csv${query ? `?${query}` : ''}`);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
  expect(res.headers['content-disposition']).toMatch(/^attachment; filename="[a-z-]+-\d{4}-\d{2}-\d{2}\.csv"$/);
  const records = parse(res.body, { bom: true }) as string[][];
  return { header: records[0]!, rows: records.slice(1) };
}

/** Each list's own filters and sorts to export besides the default; the lists themselves are the registry's. */
const QUERIES: Partial<Record<ResourceName, string[]>> = {
  products: ['sort=priceFiat&order=asc', 'status=active&q=hyperlink'],
  orders: ['status=paid', 'sort=amountFiat&order=asc', 'sort=status', 'sort=qty&order=desc'],
  'mint-queue': ['sort=attempts&order=asc'],
  coupons: ['sort=endDate&order=asc', 'sort=endDate&order=desc', 'status=active'],
  payments: ['status=completed', 'sort=amount&order=asc'],
  commissions: ['sort=amount&order=asc', 'sort=status'],
  affiliates: ['sort=email&order=asc'],
  'referral-network': ['sort=referredEmail&order=asc'],
  users: ['sort=lastLogin&order=desc', 'sort=lastLogin&order=asc', 'sort=name&order=asc', 'role=user'],
  'dns-records': ['sort=ttl&order=asc'],
  audit: ['entity=order', 'sort=action&order=asc'],
  kyc: ['status=pending&sort=legalName&order=asc', 'sort=reviewedAt', 'q=grace'],
  'notifications-all': ['read=false', 'q=plus', 'order=asc'],
  'notifications-outbox': ['status=queued', 'sort=status&order=asc'],
  'notification-bulks': ['sort=audience&order=asc'],
  'dns-query-logs': ['type=TXT', 'order=asc&outcome=success', 'sort=domain&order=asc', 'sort=durationMs'],
  'dns-script-logs': ['order=asc', 'scriptName=Create%20DNS%20Record&outcome=success', 'sort=scriptName&order=asc'],
};

/** Every list with an export in the registry (src/common/resources.ts), each query with the parameters its screen always sends. */
const LISTS = CSV_RESOURCES.map((resource) => {
  const api = apiOf(resource)!;
  const always = new URLSearchParams(api.query).toString();
  const queries = ['', ...(QUERIES[resource] ?? [])].map((q) => [always, q].filter(Boolean).join('&'));
  return { resource, path: `/api/${api.path}`, field: api.list, queries };
});

const MONEY = /^-?\d+\.\d{2}$/;
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

describe(`each list's CSV is its JSON list on ${engine()}`, { timeout: 60_000 }, () => {
  it('every list with an export has its columns recorded (csvExport in its present.ts)', () => {
    expect(CSV_RESOURCES.filter((r) => !csvExports().has(r))).toEqual([]);
    expect([...csvExports().keys()].filter((r) => !CSV_RESOURCES.includes(r))).toEqual([]);
  });

  it.each(LISTS.flatMap((l) => l.queries.map((query) => ({ ...l, query }))))(
    '$path/export.csv?$query',
    async ({ resource, path, field, query }) => {
      const columns = csvExports().get(resource)!;
      const json = await jsonList(path, field, query);
      const csv = await csvList(path, query);
      expect(csv.header).toEqual(columns.map((c) => c.header));
      // The same rows in the same order…
      expect(csv.rows.map((r) => r[0])).toEqual(json.map((r) => String(r.id)));
      // …each cell the JSON field written by the rules: amounts with 2 decimals, dates ISO 8601, formulas defused.
      csv.rows.forEach((cells, i) =>
        columns.forEach((c, j) => {
          // The orders CSV adds the parts of the amount, which the list leaves to the detail.
          if (!(c.header in json[i]!)) return c.kind === 'money' && expect(cells[j]).toMatch(MONEY);
          // A computed column (e.g. a log's answers joined) reads the JSON row as it reads the server's row.
          const value = c.value(json[i] as never);
          expect(cells[j], `${c.header} of row ${i}`).toBe(csvCell(c.kind, value));
          if (c.kind === 'money' && value !== null) expect(cells[j]).toMatch(MONEY);
          if (c.kind === 'date' && value !== null) expect(cells[j]).toBe(value);
          if (c.kind === 'date' && value !== null) expect(cells[j]).toMatch(ISO);
        }),
      );
    },
  );

  it('amounts are decimal text, a formula is defused and commas, quotes and line breaks survive', async () => {
    const csv = await csvList('/api/products', 'q=hyperlink');
    const row = Object.fromEntries(csv.header.map((h, i) => [h, csv.rows[0]![i]]));
    expect(row).toMatchObject({ title: '\'=HYPERLINK("http://evil.test"), "quoted", and\nmore', priceFiat: '1234.50' });
    const orders = await csvList('/api/orders', 'status=paid');
    expect(orders.rows.length).toBeGreaterThan(0);
    for (const r of orders.rows) expect(r[orders.header.indexOf('amountFiat')]).toMatch(MONEY);
  });

  it("a filter that is not the list's is refused with the list's 400 sentence", async () => {
    const res = await t.call('GET', '/api/orders/export.csv?status=shipped');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ ok: false, code: 'validation' });
  });
});

describe(`a role that may not read a list may not export it on ${engine()}`, () => {
  it.each([
    ['/api/kyc/export.csv', 'finance'],
    ['/api/notifications/outbox/export.csv', 'operator'],
    ['/api/notifications/outbox/export.csv', 'finance'],
    ['/api/notifications/export.csv?scope=all', 'user'],
    ['/api/notifications/bulk/export.csv', 'user'],
    ['/api/domain/query/logs/export.csv', 'user'],
    ['/api/domain/script/logs/export.csv', 'user'],
    ['/api/orders/export.csv', 'user'],
    ['/api/audit/export.csv', 'operator'],
  ] as const)('%s as %s: 403, no CSV', async (url, as) => {
    const res = await t.call('GET', url, { as });
    expect(res.statusCode).toBe(403);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
  });

  it('without a token: 401', async () => {
    expect((await t.call('GET', '/api/kyc/export.csv', { as: null })).statusCode).toBe(401);
  });

  it("the notifications CSV is everyone's, whatever scope says, and a bad filter is the list's 400", async () => {
    const mine = await csvList('/api/notifications', 'scope=mine');
    expect(mine.rows.length).toBe((await jsonList('/api/notifications', 'notifications', 'scope=all')).length);
    expect((await t.call('GET', '/api/domain/query/logs/export.csv?outcome=maybe')).statusCode).toBe(400);
  });
});

describe(`keyset batches give the list's order on ${engine()}`, { timeout: 60_000 }, () => {
  /** All rows through keysetPages in batches of 2, against the JSON list's ids. */
  async function viaKeyset<R extends { id: string | number }>(fetch: (page: Page) => Promise<R[]>) {
    const ids: (string | number)[] = [];
    for await (const rows of keysetPages(fetch, 2)) ids.push(...rows.map((r) => r.id));
    return ids;
  }

  it.each(['', 'sort=status', 'sort=amountFiat&order=asc', 'status=paid'])('orders ?%s', async (query) => {
    const q = orderListQuery.parse(Object.fromEntries(new URLSearchParams(query)));
    expect(await viaKeyset((page) => orderRows(t.db, q, page, 'UTC'))).toEqual(
      (await jsonList('/api/orders', 'orders', query)).map((r) => r.id),
    );
  });

  it.each(['sort=endDate&order=asc', 'sort=endDate&order=desc', 'sort=usedCount'])(
    'coupons ?%s (nullable end date)',
    async (query) => {
      const q = couponListQuery.parse(Object.fromEntries(new URLSearchParams(query)));
      expect(await viaKeyset((page) => couponRows(t.db, q, page))).toEqual(
        (await jsonList('/api/coupons', 'coupons', query)).map((r) => r.id),
      );
    },
  );

  it.each(['sort=lastLogin&order=desc', 'sort=lastLogin&order=asc', 'sort=name&order=asc', 'sort=name&order=desc'])(
    'users ?%s (nullable)',
    async (query) => {
      const q = userListQuery.parse(Object.fromEntries(new URLSearchParams(query)));
      const ids = await viaKeyset((page) => userRows(t.db, q, page));
      expect(ids).toEqual((await jsonList('/api/users', 'users', query)).map((r) => r.id));
      expect(new Set(ids).size).toBe(ids.length);
    },
  );
});
