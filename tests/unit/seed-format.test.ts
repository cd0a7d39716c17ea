import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  IdMap,
  dateShiftMs,
  decimalToCents,
  describeProblem,
  isUuid,
  nameUuid,
  parseDate,
  plainDecimal,
  shiftDate,
} from '../../server/seed/format.js';
import { parseSeedFile, SeedFileError } from '../../server/seed/parse.js';
import { jsonErrorPlace } from '../../server/seed/seed.js';

describe('decimalToCents', () => {
  it('reads the decimal text, so binary floating point never rounds it', () => {
    expect(decimalToCents(12.5)).toBe(1250);
    expect(decimalToCents(1.15)).toBe(115); // 1.15 * 100 === 114.99999999999999
    expect(decimalToCents(0.1 + 0.2)).toBe(30);
    expect(decimalToCents(19.99)).toBe(1999);
    expect(decimalToCents(1000)).toBe(100000);
  });
  it('accepts strings with a currency sign and thousands separators', () => {
    expect(decimalToCents('12.50')).toBe(1250);
    expect(decimalToCents(' $1,234.56 ')).toBe(123456);
    expect(decimalToCents('.5')).toBe(50);
    expect(decimalToCents('-3.5')).toBe(-350);
  });
  it('rounds a third decimal half away from zero', () => {
    expect(decimalToCents('1.005')).toBe(101);
    expect(decimalToCents('1.004')).toBe(100);
    expect(decimalToCents('2.9999')).toBe(300);
  });
  it('refuses what is not an amount', () => {
    for (const v of ['abc', '', '1.2.3', null, undefined, {}, Number.NaN, Number.POSITIVE_INFINITY, 1e300])
      expect(decimalToCents(v)).toBeNull();
  });
});

describe('plainDecimal', () => {
  it('expands exponent notation and trims zeros', () => {
    expect(plainDecimal(1.5e-7)).toBe('0.00000015');
    expect(plainDecimal('1E3')).toBe('1000');
    expect(plainDecimal('007.50')).toBe('7.5');
    expect(plainDecimal(1e21)).toBe('1000000000000000000000');
    expect(plainDecimal('-0')).toBe('0');
  });
});

describe('dates', () => {
  it('parses ISO strings and epoch milliseconds, not garbage', () => {
    expect(parseDate('2026-01-02T03:04:05Z')?.toISOString()).toBe('2026-01-02T03:04:05.000Z');
    expect(parseDate(0)?.toISOString()).toBe('1970-01-01T00:00:00.000Z');
    expect(parseDate('yesterday')).toBeNull();
    expect(parseDate('')).toBeNull();
  });
  it('moves the newest date to now and keeps the spacing', () => {
    const newest = new Date('2026-11-30T00:00:00Z');
    const older = new Date('2025-12-01T00:00:00Z');
    const now = new Date('2027-03-15T12:00:00Z');
    const ms = dateShiftMs(newest, now);
    expect(shiftDate(newest, ms)).toEqual(now);
    expect(now.getTime() - shiftDate(older, ms).getTime()).toBe(newest.getTime() - older.getTime());
    expect(dateShiftMs(null, now)).toBe(0);
  });
});

describe('ids', () => {
  it('keeps UUIDs and maps other ids to the same UUID wherever they are referenced', () => {
    const ids = new IdMap();
    const uuid = '7DE86D51-F8A8-4950-BF36-B1250E2BF6E9';
    expect(ids.get('users', uuid)).toBe(uuid.toLowerCase());
    expect(ids.get('users', 1)).toBe(ids.get('users', '1'));
    expect(ids.get('users', 1)).not.toBe(ids.get('orders', 1));
    expect(isUuid(ids.get('orders', 'o-17'))).toBe(true);
    expect(ids.get('users', undefined)).toBeNull();
    ids.alias('users', 2, ids.get('users', 1)!);
    expect(ids.get('users', 2)).toBe(ids.get('users', 1));
  });
  it('name-based UUIDs are stable version-5 UUIDs', () => {
    expect(nameUuid('users:1')).toBe(nameUuid('users:1'));
    expect(nameUuid('users:1')).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});

describe('parseSeedFile', () => {
  const now = new Date('2027-01-10T00:00:00Z');
  const minimal = {
    posts: [{ id: 1, title: 'json-server hello' }],
    users: [
      { id: 1, email: 'Ann@Example.com', password: 'secret-password-1' },
      { id: 2, email: 'ann@example.com' },
    ],
    products: [
      { id: 1, title: 'Gold', price: 12.5 },
      { id: '2', name: 'Art', priceFiat: '1,000.10', rwaType: 'art', status: 'active' },
    ],
    orders: [
      { id: 1, userId: 2, productId: 1, qty: 2, createdAt: '2026-06-01T00:00:00Z' },
      {
        id: 2,
        customerEmail: 'bob@example.com',
        items: [{ productId: '2', quantity: 1 }, { productId: 99 }],
        status: 'paid',
        createdAt: '2026-12-01T00:00:00Z',
      },
      { id: 3, status: 'weird' },
    ],
    payments: [{ id: 'p1', orderId: 2, amount: 1000.1, status: 'completed', method: 'stripe' }],
    settings: { siteName: 'My shop', colour: 'red', sessionTimeout: -5 },
  };

  it('loads a minimal json-server file leniently, defaulting what is missing and noting what is ignored', () => {
    const data = parseSeedFile(minimal, { now, lenient: true });
    expect(data.notes.join('\n')).toMatch(/Ignored collection "posts"/);
    expect(data.users.map((u) => u.email)).toEqual(['ann@example.com', 'bob@example.com']);
    expect(data.users[0]!.password).toBe('secret-password-1');
    expect(data.products.map((p) => [p.priceFiatCents, p.rwaType, p.status, p.title])).toEqual([
      [1250, 'commodity', 'draft', 'Gold'],
      [100010, 'art', 'active', 'Art'],
    ]);
    expect(data.products[0]!.sku).toBeTruthy();
    expect(data.settings).toEqual([{ key: 'siteName', value: 'My shop' }]);
  });

  it('keeps references consistent across collections', () => {
    const data = parseSeedFile(minimal, { now, lenient: true });
    const [first, second] = data.orders;
    expect(first!.userId).toBe(data.users[0]!.id); // user 2 was a duplicate of user 1
    expect(first!.amountCents).toBe(2500);
    expect(data.orderItems.filter((i) => i.orderId === second!.id).map((i) => i.productId)).toEqual([
      data.products[1]!.id,
    ]);
    expect(second!.userId).toBe(data.users[1]!.id);
    expect(second!.customerEmail).toBe('bob@example.com');
    expect(data.payments[0]!.orderId).toBe(second!.id);
    expect(data.payments[0]!.amountCents).toBe(100010);
    expect(data.orders).toHaveLength(2); // order 3 has no customer
    expect(data.problems.map(describeProblem)).toContain('orders[1] (id 2).productId: product 99 does not exist');
  });

  it('moves dates so that the newest is now, unless told not to', () => {
    const shifted = parseSeedFile(minimal, { now, lenient: true });
    expect(shifted.orders[1]!.createdAt).toEqual(now);
    expect(shifted.orders[0]!.createdAt).toEqual(new Date(now.getTime() - 183 * 86_400_000));
    const kept = parseSeedFile(minimal, { now, shiftDates: false, lenient: true });
    expect(kept.orders[1]!.createdAt).toEqual(new Date('2026-12-01T00:00:00Z'));
  });

  it('a product without "requiresVerifiedHolders" takes its type’s default; one that says so keeps it', () => {
    const products = [
      { id: 1, sku: 'B-1', title: 'Bond', priceFiat: 1, rwaType: 'bonds' },
      { id: 2, sku: 'R-1', title: 'Flat', priceFiat: 1, rwaType: 'real_estate', requires_verified_holders: false },
      { id: 3, sku: 'A-1', title: 'Art', priceFiat: 1, rwaType: 'art' },
      { id: 4, sku: 'A-2', title: 'Art', priceFiat: 1, rwaType: 'art', requiresVerifiedHolders: true },
    ];
    const data = parseSeedFile({ products }, { now });
    expect(data.products.map((p) => p.requiresVerifiedHolders)).toEqual([true, false, false, true]);
  });

  it('refuses a file that is not an object of collections', () => {
    expect(() => parseSeedFile([])).toThrow(/collections/);
  });

  it('reads the committed db.json cleanly', () => {
    const data = parseSeedFile(JSON.parse(fs.readFileSync('db.json', 'utf8')), { now });
    expect(data.notes).toEqual([]);
    expect(data.problems).toEqual([]);
    expect(data.orders).toHaveLength(325);
    expect(new Set(data.orders.map((o) => o.status))).toEqual(
      new Set(['pending', 'paid', 'failed', 'refunded', 'fulfilled']),
    );
    expect(new Set(data.products.map((p) => p.rwaType)).size).toBe(5);
    expect(new Set(data.products.map((p) => p.status))).toEqual(new Set(['active', 'inactive', 'draft']));
    // "Requires verified holders": on for the bonds and the real estate (the type's default), off for the rest.
    for (const p of data.products)
      expect(p.requiresVerifiedHolders, p.sku).toBe(p.rwaType === 'bonds' || p.rwaType === 'real_estate');
    expect(data.products.filter((p) => p.requiresVerifiedHolders)).toHaveLength(8);
    const newest = Math.max(...data.orders.map((o) => o.createdAt!.getTime()));
    const oldest = Math.min(...data.orders.map((o) => o.createdAt!.getTime()));
    expect(newest).toBeLessThanOrEqual(now.getTime());
    expect(now.getTime() - oldest).toBeLessThan(366 * 86_400_000);
    for (const email of ['admin@rwa.dev', 'finance@rwa.dev', 'operator@rwa.dev', 'shopper@rwa.dev']) {
      expect(data.users.find((u) => u.email === email)?.password).toBe('rwa-dev-password');
    }
    const paid = new Set(
      data.orders.filter((o) => ['paid', 'fulfilled', 'refunded'].includes(o.status!)).map((o) => o.id),
    );
    expect(data.payments.every((p) => paid.has(p.orderId!))).toBe(true);
    expect(data.payments).toHaveLength(paid.size);
  });
});

describe('a seed file with problems is refused, each problem on its own line', () => {
  const problemsOf = (file: unknown) => {
    try {
      parseSeedFile(file, { now: new Date('2026-11-24T00:00:00Z') });
    } catch (err) {
      if (err instanceof SeedFileError) return err.problems.map(describeProblem);
      throw err;
    }
    return [];
  };
  const product = (over: Record<string, unknown>) => ({
    id: 1,
    title: 'Gold bar',
    sku: 'GOLD-1',
    priceFiat: 10,
    ...over,
  });

  it.each([
    ['a negative price', { products: [product({ priceFiat: -5 })] }, 'products[0] (id 1).priceFiat: -5 is negative'],
    [
      'a price that is not an amount',
      { products: [product({ priceFiat: 'ten' })] },
      'products[0] (id 1).priceFiat: "ten" is not an amount',
    ],
    ['a product without its SKU', { products: [product({ sku: undefined })] }, 'products[0] (id 1).sku: missing'],
    [
      'two products sharing a SKU',
      { products: [product({}), product({ id: 2, sku: 'gold-1' })] },
      'products[1] (id 2).sku: "gold-1" is also an earlier product\'s SKU',
    ],
    [
      'an order naming a product that does not exist',
      {
        users: [{ id: 1, email: 'a@b.dev' }],
        products: [product({})],
        orders: [{ id: 9, userId: 1, productId: 42, qty: 1 }],
      },
      'orders[0] (id 9).productId: product 42 does not exist',
    ],
    ['products that is not an array', { products: { id: 1 } }, 'products: is not an array of records'],
    [
      'an unknown enum value',
      { products: [product({ rwaType: 'spaceships' })] },
      'products[0] (id 1).rwaType: "spaceships" is not one of commodity, real_estate, art, collectibles, bonds',
    ],
    [
      'a negative stock',
      { products: [product({ stock: -3 })] },
      'products[0] (id 1).stock: -3 is not a whole number of at least 0',
    ],
    [
      'a "requires verified holders" that is not true or false',
      { products: [product({ requiresVerifiedHolders: 'yes' })] },
      'products[0] (id 1).requiresVerifiedHolders: "yes" is not true or false',
    ],
    ['a user without an email', { users: [{ id: 7, name: 'No Mail' }] }, 'users[0] (id 7).email: missing'],
    [
      'two users with one email',
      {
        users: [
          { id: 1, email: 'a@b.dev' },
          { id: 2, email: 'A@b.dev' },
        ],
      },
      "users[1] (id 2).email: a@b.dev is also an earlier user's email",
    ],
    [
      'a payment of an order that does not exist',
      { payments: [{ id: 'p', orderId: 5, amountFiat: 1 }] },
      'payments[0] (id "p").orderId: order 5 does not exist',
    ],
    [
      'an order line of an order that does not exist',
      { products: [product({})], orderItems: [{ id: 3, orderId: 77, productId: 1 }] },
      'orderItems[0] (id 3).orderId: order 77 does not exist',
    ],
    ['a record that is not an object', { users: ['ann'] }, 'users[0]: is not an object'],
    ['an invalid setting', { settings: { sessionTimeout: -5 } }, 'settings.sessionTimeout: -5 is not a valid value'],
  ])('%s', (_, file, line) => {
    expect(problemsOf(file)).toContain(line);
  });

  it('lists the first 50 problems and counts the rest', () => {
    const products = Array.from({ length: 60 }, (_, i) => product({ id: i + 1, sku: `S-${i}`, priceFiat: -1 }));
    let message = '';
    try {
      parseSeedFile({ products });
    } catch (err) {
      message = (err as Error).message;
    }
    const lines = message.split('\n');
    expect(lines[0]).toBe('The seed file has 60 problems; nothing was loaded (--lenient repairs them instead):');
    expect(lines).toHaveLength(52);
    expect(lines.at(-1)).toBe('…and 10 more problems.');
  });

  it('lenient: repairs instead, and says how', () => {
    const data = parseSeedFile({ products: [product({ priceFiat: -5 }), product({ id: 2 })] }, { lenient: true });
    expect(data.products.map((p) => [p.sku, p.priceFiatCents])).toEqual([
      ['GOLD-1', 0],
      ['GOLD-1-2', 1000],
    ]);
    expect(data.problems.map((p) => `${describeProblem(p)}: ${p.repair}`)).toEqual([
      'products[0] (id 1).priceFiat: -5 is negative: used 0',
      'products[1] (id 2).sku: "GOLD-1" is also an earlier product\'s SKU: renamed it GOLD-1-2',
    ]);
  });

  it('names the line and column of bad JSON', () => {
    const text = '{\n  "users": [],\n  "products" []\n}';
    let message = '';
    try {
      JSON.parse(text);
    } catch (err) {
      message = (err as Error).message;
    }
    expect(jsonErrorPlace(text, message)).toBe('line 3, column 14');
  });
});
