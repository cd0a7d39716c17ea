/**
 * The export (server/seed/export.ts, `npm run export`): the database written back as the json-server file the
 * seed reads, and read back to the same bytes. The CLI itself runs in commands.test.ts.
 */
import { PassThrough } from 'node:stream';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../server/db/client.js';
import { exportDatabase } from '../../server/seed/export.js';
import { generateOrders, seedFromFile } from '../../server/seed/seed.js';
import { buildPayment, buildProduct } from './factories.js';
import { createTestApp, type TestApp } from './harness.js';
import { engine } from './engine.js';

let t: TestApp;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rwa-export-'));
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const quiet = () => undefined;

/** The export as text, collected from the stream it writes, and in a file for the seed to read. */
async function exportText(name: string, batch?: number) {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  const summary = await exportDatabase(t.db, out, { batch });
  out.end();
  const text = Buffer.concat(chunks).toString('utf8');
  const file = path.join(dir, name);
  fs.writeFileSync(file, text);
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- assertions read whatever fields a record has
  return { text, file, summary, data: JSON.parse(text) as Record<string, any> };
}

const one = async <T>(query: ReturnType<typeof sql>) => (await queryRows<T>(t.db, query))[0]!;

describe(`npm run export on ${engine()}`, { timeout: 120_000 }, () => {
  it('db.json → export → seed → export gives the same bytes, with every collection the seed reads and the passwords as hashes', async () => {
    await seedFromFile(t.db, 'db.json', { log: quiet });
    // What the demo file lacks: a guest's paid checkout (tax, return address), a stored setting, and a line whose
    // product has since changed its token.
    const payment = await buildPayment(t);
    await t.db
      .execute(sql`insert into settings (key, value) values ('siteName', ${JSON.stringify('Exported "shop"')}::jsonb)
      on conflict (key) do update set value = excluded.value`);
    const tokenLine = await one<{ product_id: string }>(
      sql`select product_id from order_items where tokenised limit 1`,
    );
    await t.db.execute(
      sql`update products set contract = '0x00000000000000000000000000000000000000aa', token_id = 77 where id = ${tokenLine.product_id}`,
    );

    // Small batches, so that the keyset paging between them is what is tested.
    const first = await exportText('first.json', 7);
    // Settings: db.json's twoFactorAuth (off for the dev logins) and payout token rate, and the siteName stored above.
    expect(first.summary).toMatchObject({
      users: 44,
      products: 21,
      orders: 326,
      orderItems: 362,
      payments: 251,
      settings: 3,
    });
    expect(Object.keys(first.data)).toEqual([
      'users',
      'products',
      'orders',
      'orderItems',
      'payments',
      'refunds',
      'coupons',
      'referralClicks',
      'payouts',
      'commissions',
      'dnsRecords',
      'dnsQueryLogs',
      'dnsScriptLogs',
      'notificationBulks',
      'notifications',
      'emailMessages',
      'redemptions',
      'pointsEntries',
      'kycSessions',
      'auditEvents',
      'mintJobs',
      'chainTransactions',
      'conversions',
      'settings',
    ]);
    // The referral network and its money travel too: codes, who referred whom, each order's referrer.
    for (const name of [
      'refunds',
      'coupons',
      'referralClicks',
      'payouts',
      'commissions',
      'dnsRecords',
      'dnsQueryLogs',
      'dnsScriptLogs',
      'notificationBulks',
      'notifications',
      'emailMessages',
      'redemptions',
      'pointsEntries',
      'kycSessions',
      'auditEvents',
      'mintJobs',
      'chainTransactions',
      'conversions',
    ])
      expect(first.summary[name], name).toBeGreaterThan(0);
    expect(first.data.users.filter((u: { referredById?: string }) => u.referredById).length).toBeGreaterThan(0);
    expect(first.data.orders.filter((o: { referrerId?: string }) => o.referrerId).length).toBeGreaterThan(0);
    const admin = first.data.users.find((u: { email: string }) => u.email === 'admin@rwa.dev');
    expect(admin.passwordHash).toMatch(/^\$argon2id\$/);
    expect(admin).not.toHaveProperty('password');
    const guest = first.data.orders.find((o: { id: string }) => o.id === payment.order!.id);
    expect(guest).toMatchObject({ guest: true, status: 'paid' });
    expect(guest).not.toHaveProperty('userId');
    expect(first.data.settings).toEqual({
      siteName: 'Exported "shop"',
      twoFactorAuth: false,
      payoutTokenRate: '0.0003125',
    });
    // Ids are ordered, records one a line.
    const ids = first.data.orders.map((o: { id: string }) => o.id);
    expect(ids).toEqual([...ids].sort());

    await seedFromFile(t.db, first.file, { shiftDates: false, log: quiet });
    const second = await exportText('second.json');
    expect(second.text).toBe(first.text);

    // What was loaded back works: the admin's hash logs in, the guest's order has no account, the line keeps its token.
    expect((await t.login('admin@rwa.dev', 'rwa-dev-password')).statusCode).toBe(200);
    expect(await one(sql`select user_id, tax_cents >= 0 as taxed from orders where id = ${payment.order!.id}`)).toEqual(
      { user_id: null, taxed: true },
    );
    const lines = await queryRows<{ contract: string | null }>(
      t.db,
      sql`select contract from order_items where product_id = ${tokenLine.product_id} and tokenised`,
    );
    expect(lines.every((l) => l.contract !== '0x00000000000000000000000000000000000000aa')).toBe(true);
  });

  it('generated orders round-trip too, read in keyset batches', async () => {
    await seedFromFile(t.db, 'db.json', { withPasswords: false, log: quiet });
    await buildProduct(t, { priceFiat: '1234567.89', title: 'Quote " comma, and\nnewline' });
    await generateOrders(t.db, 3_000, { customers: 150 });
    const first = await exportText('gen-first.json', 1_000);
    expect(first.summary.orders).toBe(3_325);
    await seedFromFile(t.db, first.file, { shiftDates: false, withPasswords: false, log: quiet });
    const second = await exportText('gen-second.json');
    expect(second.text).toBe(first.text);
    expect(await one(sql`select count(*)::int as n from orders`)).toEqual({ n: 3_325 });
  });
});
