import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, {{camel}} } from '../../server/db/schema.js';
import { build{{OnePascal}}, {{oneCamel}}Input } from './factories.js';
import { createTestApp, type TestApp } from './harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const UNKNOWN = '00000000-0000-4000-8000-000000000000';
const rowsOf = async () => (await t.db.select().from({{camel}}).orderBy({{camel}}.id)).length;

describe('{{kebab}}: create, read, change, delete', () => {
  it('creates with the default status and reads back the exact price', async () => {
    const res = await t.call('POST', '/api/{{kebab}}', { body: {{oneCamel}}Input({ price: '19.99', status: undefined }) });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json().{{oneCamel}};
    expect(created).toMatchObject({ price: 19.99, status: 'active' });
    expect((await t.call('GET', `/api/{{kebab}}/${created.id}`)).json().{{oneCamel}}).toEqual(created);
    const [stored] = await t.db.select().from({{camel}}).where(eq({{camel}}.id, created.id));
    expect(stored!.priceCents).toBe(1999);
  });

  it('changes only the fields sent, and the audit log says who changed what', async () => {
    const made = await build{{OnePascal}}(t, { price: 5 });
    const res = await t.call('PUT', `/api/{{kebab}}/${made.id}`, { body: { status: 'inactive' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().{{oneCamel}}).toMatchObject({ name: made.name, price: 5, status: 'inactive' });
    const [entry] = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entityId, made.id), eq(auditEvents.action, '{{entity}}.update')));
    expect(entry).toMatchObject({ entity: '{{entity}}' });
    expect(JSON.stringify(entry!.data)).toContain('inactive');
  });

  it('deletes, then answers 404', async () => {
    const made = await build{{OnePascal}}(t);
    const res = await t.call('DELETE', `/api/{{kebab}}/${made.id}`, { headers: { 'content-type': 'application/json' } });
    expect(res.json()).toEqual({ ok: true });
    expect((await t.call('GET', `/api/{{kebab}}/${made.id}`)).statusCode).toBe(404);
    expect((await t.call('DELETE', `/api/{{kebab}}/${made.id}`)).statusCode).toBe(404);
  });

  it('404 for an unknown id, 400 for a malformed one', async () => {
    expect((await t.call('GET', `/api/{{kebab}}/${UNKNOWN}`)).statusCode).toBe(404);
    expect((await t.call('PUT', `/api/{{kebab}}/${UNKNOWN}`, { body: { price: 1 } })).statusCode).toBe(404);
    expect((await t.call('GET', '/api/{{kebab}}/42')).statusCode).toBe(400);
  });
});

describe('{{kebab}}: the list and its CSV', () => {
  it('searches by name, filters by status, sorts by price both ways', async () => {
    const tag = `Sorted ${Date.now().toString(36)}`;
    for (const price of [3, 1, 2]) await build{{OnePascal}}(t, { name: `${tag} ${price}`, price });
    await build{{OnePascal}}(t, { name: `${tag} off`, price: 9, status: 'inactive' });
    const list = async (query: string) =>
      (await t.call('GET', `/api/{{kebab}}?q=${encodeURIComponent(tag)}&${query}`)).json();
    const up = await list('status=active&sort=price&order=ASC');
    expect(up.{{camel}}.map((r: { price: number }) => r.price)).toEqual([1, 2, 3]);
    expect(up.total).toBe(3);
    const down = await list('sort=price&order=DESC&limit=2');
    expect(down.{{camel}}.map((r: { price: number }) => r.price)).toEqual([9, 3]);
    expect(down.total).toBe(4);
  });

  it('exports the filtered list as CSV', async () => {
    const made = await build{{OnePascal}}(t, { name: `Exported ${Date.now().toString(36)}`, price: 7.5 });
    const res = await t.call('GET', `/api/{{kebab}}/export.csv?q=${encodeURIComponent(made.name)}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    const [header, row] = res.body.replace(/^\uFEFF/, '').trim().split(/\r?\n/);
    expect(header).toBe('id,name,price,status,createdAt,updatedAt');
    expect(row).toContain(`${made.id},${made.name},7.50,active`);
  });
});

describe('{{kebab}}: bad input changes nothing', () => {
  const bad: [string, Record<string, unknown>][] = [
    ['name', { name: '' }],
    ['name', { name: undefined }],
    ['name', { name: 'x'.repeat(201) }],
    ['price', { price: -1 }],
    ['price', { price: '1.234' }],
    ['price', { price: null }],
    ['price', { price: 1e15 }],
    ['price', { price: '9'.repeat(41) }],
    ['name', { name: 42 }],
    ['status', { status: 'archived' }],
  ];
  it.each(bad)('400 naming %s', async (field, overrides) => {
    const before = await rowsOf();
    const res = await t.call('POST', '/api/{{kebab}}', { body: {{oneCamel}}Input(overrides) });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toHaveProperty(field);
    expect(await rowsOf()).toBe(before);
  });

  it('400 for an unknown sort or status in the list', async () => {
    expect((await t.call('GET', '/api/{{kebab}}?sort=nope')).statusCode).toBe(400);
    expect((await t.call('GET', '/api/{{kebab}}?status=nope')).statusCode).toBe(400);
  });
});

describe('{{kebab}}: who may', () => {
  it('401 without a session', async () => {
    expect((await t.call('GET', '/api/{{kebab}}', { as: null })).statusCode).toBe(401);
    expect((await t.call('POST', '/api/{{kebab}}', { as: null, body: {{oneCamel}}Input() })).statusCode).toBe(401);
  });

  it('staff read; only admins and operators write; shoppers neither', async () => {
    const made = await build{{OnePascal}}(t);
    for (const role of ['admin', 'finance', 'operator'] as const)
      expect((await t.call('GET', `/api/{{kebab}}/${made.id}`, { as: role })).statusCode, role).toBe(200);
    expect((await t.call('GET', '/api/{{kebab}}', { as: 'user' })).statusCode).toBe(403);
    const before = await rowsOf();
    for (const role of ['finance', 'user'] as const) {
      expect((await t.call('POST', '/api/{{kebab}}', { as: role, body: {{oneCamel}}Input() })).statusCode, role).toBe(403);
      expect((await t.call('DELETE', `/api/{{kebab}}/${made.id}`, { as: role })).statusCode, role).toBe(403);
    }
    expect(await rowsOf()).toBe(before);
    expect((await t.call('POST', '/api/{{kebab}}', { as: 'operator', body: {{oneCamel}}Input() })).statusCode).toBe(201);
  });
});
