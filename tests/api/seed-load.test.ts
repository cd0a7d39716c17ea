import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../server/db/client.js';
import { seedFromFile } from '../../server/db/seed/seed.js';
import { buildProduct } from './factories.js';
import { createTestApp, type TestApp } from './harness.js';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t?.close(); });

const counts = async () => (await queryRows<{ users: number; products: number }>(t.db,
  sql`select (select count(*)::int from users) as users, (select count(*)::int from products) as products`))[0]!;

describe('a seed load is one transaction', () => {
  it('a failure after the tables were emptied (a full disk, say) leaves every row that was there', async () => {
    await buildProduct(t, { sku: 'BEFORE-THE-LOAD' });
    const before = await counts();
    const quiet = () => undefined;
    await expect(seedFromFile(t.db, 'db.json', { withPasswords: false, log: quiet, afterReset: () => { throw new Error('No space left on device'); } }))
      .rejects.toThrow('No space left on device');
    expect(await counts()).toEqual(before);
    expect(await queryRows(t.db, sql`select 1 from products where sku = 'BEFORE-THE-LOAD'`)).toHaveLength(1);
  });
});

describe('seeded members', () => {
  it('db.json’s paid orders of accounts earn their points, and every member’s balance is its ledger’s sum', async () => {
    await seedFromFile(t.db, 'db.json', { withPasswords: false, log: () => undefined });
    const [expected] = await queryRows<{ points: number; members: number }>(t.db, sql`
      select coalesce(sum(greatest(coalesce(subtotal_cents, amount_cents - tax_cents - shipping_cents + discount_cents) - discount_cents, 0) / 100), 0)::int as points,
        count(distinct user_id)::int as members
      from orders where user_id is not null and status in ('paid', 'fulfilled')`);
    const [stored] = await queryRows<{ points: number; members: number; above: number }>(t.db, sql`
      select coalesce(sum(points_balance), 0)::int as points, count(*)::int as members, count(*) filter (where level <> 'BRONZE')::int as above from members`);
    expect(expected!.points).toBeGreaterThan(0);
    expect(stored).toMatchObject({ points: expected!.points, members: expected!.members });
    const check = (await t.call('GET', '/api/reconcile')).json().reconciliation.checks.find((c: { name: string }) => c.name.startsWith('member points'));
    expect(check).toMatchObject({ ok: true });
  });
});
