import dgram from 'node:dgram';
import { and, eq, sql } from 'drizzle-orm';
import { decode, encode } from 'dns-packet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, dnsQueryLogs, dnsRecords, dnsScriptLogs } from '../../server/db/schema.js';
import { buildDnsRecord, dnsName, dnsRecordInput } from './factories.js';
import { createTestApp, type TestApp } from './harness.js';
import { expectSorted, expectUnknownSortRefused } from './list-sorts.js';

type Rec = { id: string; domain: string; type: string; value: string; ttl: number; isActive: boolean };

/** A stand-in for "the system's" DNS server: answers outside.example.net, and NXDOMAIN for the rest. */
const upstream = dgram.createSocket('udp4');
upstream.on('message', (message, from) => {
  const request = decode(message);
  const [q] = request.questions ?? [];
  const found = q?.name === 'outside.example.net' && q.type === 'A';
  upstream.send(
    encode({
      type: 'response',
      id: request.id,
      flags: (request.flags ?? 0) | (found ? 0 : 3),
      questions: request.questions,
      answers: found ? [{ name: q.name, type: 'A', class: 'IN', ttl: 120, data: '203.0.113.7' }] : [],
    }),
    from.port,
    from.address,
  );
});
/** A server that never answers: the resolution must fail after the timeout instead of hanging. */
const silent = dgram.createSocket('udp4');

let t: TestApp;
let silentApp: TestApp;
beforeAll(async () => {
  await new Promise<void>((resolve) => upstream.bind(0, '127.0.0.1', resolve));
  await new Promise<void>((resolve) => silent.bind(0, '127.0.0.1', resolve));
  t = await createTestApp({ DNS_RESOLVERS: `127.0.0.1:${upstream.address().port}`, DNS_RESOLVE_TIMEOUT_MS: '1000' });
  silentApp = await createTestApp({
    DNS_RESOLVERS: `127.0.0.1:${silent.address().port}`,
    DNS_RESOLVE_TIMEOUT_MS: '600',
    RESOLVE_RATE_LIMIT_MAX: '3',
  });
});
afterAll(async () => {
  await t?.close();
  await silentApp?.close();
  upstream.close();
  silent.close();
});

const count = async (table: typeof dnsRecords | typeof auditEvents | typeof dnsScriptLogs | typeof dnsQueryLogs) =>
  Number((await t.db.select({ n: sql<string>`count(*)` }).from(table))[0]!.n);
const snapshot = async () => ({
  records: await t.db.select().from(dnsRecords).orderBy(dnsRecords.id),
  audit: await count(auditEvents),
});
const create = (body: Record<string, unknown>, as: 'admin' | 'operator' = 'operator') =>
  t.call('POST', '/api/domain/record/create', { body, as });

describe('DNS records', () => {
  it.each([
    ['A', '192.0.2.10', '192.0.2.10'],
    ['AAAA', '2001:DB8:0:0::10', '2001:db8::10'],
    ['CNAME', 'Origin.Example.com.', 'origin.example.com'],
    ['MX', '10  Mail.Example.com', '10 mail.example.com'],
    ['TXT', 'v=spf1 -all', 'v=spf1 -all'],
    ['NS', 'ns1.example.net', 'ns1.example.net'],
  ])('creates %s records: %s is stored as %s, read back and audited', async (type, value, stored) => {
    const domain = dnsName(type.toLowerCase());
    const res = await create({ domain: domain.toUpperCase(), type, value });
    expect(res.statusCode, res.body).toBe(201);
    const record = res.json().record as Rec;
    expect(record).toMatchObject({ domain, type, value: stored, ttl: 300, isActive: true });
    expect((await t.call('GET', `/api/domain/records/${record.id}`, { as: 'finance' })).json().record).toEqual(record);
    const [event] = await t.db.select().from(auditEvents).where(eq(auditEvents.entityId, record.id));
    expect(event).toMatchObject({ action: 'dns_record.create', entity: 'dns_record' });
  });

  it('lists with filters, search over name and value, sorts, pages and counts', async () => {
    const tag = `list${Date.now().toString(36)}`;
    const a = await buildDnsRecord(t, { domain: `a.${tag}.rwa.test`, value: '198.51.100.1', ttl: 600 });
    const b = await buildDnsRecord(t, { domain: `b.${tag}.rwa.test`, type: 'TXT', value: `hello ${tag}` });
    const c = await buildDnsRecord(t, { domain: `c.${tag}.rwa.test`, value: '198.51.100.2', ttl: 60 });
    await t.call('PUT', `/api/domain/records/${c.id}`, { body: { isActive: false } });
    const list = async (query: string) =>
      (await t.call('GET', `/api/domain/records?q=${tag}&${query}`, { as: 'finance' })).json();
    const all = await list('sort=domain&order=asc');
    expect(all.records.map((r: Rec) => r.id)).toEqual([a.id, b.id, c.id]);
    expect(all).toMatchObject({ success: true, total: 3, zones: ['rwa.test'] });
    expect((await list('type=TXT')).records.map((r: Rec) => r.id)).toEqual([b.id]);
    expect((await list('status=inactive')).records.map((r: Rec) => r.id)).toEqual([c.id]);
    expect((await list('status=active&sort=ttl&order=desc')).records.map((r: Rec) => r.id)).toEqual([a.id, b.id]);
    expect((await list('sort=domain&order=asc&limit=1&offset=1')).records.map((r: Rec) => r.id)).toEqual([b.id]);
    // q searches values too (the TXT text).
    expect((await t.call('GET', `/api/domain/records?q=hello%20${tag}`)).json().records.map((r: Rec) => r.id)).toEqual([
      b.id,
    ]);
    const { counts } = all;
    const rows = await t.db.select().from(dnsRecords);
    expect(counts).toMatchObject({
      all: rows.length,
      active: rows.filter((r) => r.isActive).length,
      inactive: rows.filter((r) => !r.isActive).length,
    });
    expect(counts.byType.TXT).toBe(rows.filter((r) => r.type === 'TXT').length);
  });

  it.each([
    [{ domain: '' }, 'domain', 'Domain is required.'],
    [{ domain: 'www.example.com' }, 'domain', 'Domain must be within the managed zone rwa.test (e.g. www.rwa.test).'],
    [{ domain: 'bad name.rwa.test' }, 'domain', /must be a host name/],
    [{ domain: 'rwa.test', type: 'CNAME', value: 'x.example.com' }, 'domain', /apex/],
    [{ type: 'SRV' }, 'type', 'Type must be one of A, AAAA, CNAME, MX, TXT, NS.'],
    [{ value: '' }, 'value', 'Value is required.'],
    [{ value: '300.1.1.1' }, 'value', 'Value of an A record must be an IPv4 address such as 192.0.2.10.'],
    [{ type: 'AAAA', value: '192.0.2.1' }, 'value', /IPv6/],
    [{ type: 'CNAME', value: '192.0.2.1' }, 'value', /not an IP address/],
    [{ type: 'NS', value: 'ns_1.example.com' }, 'value', /host name/],
    [{ type: 'MX', value: 'mail.example.com' }, 'value', /priority host/],
    [{ type: 'MX', value: '70000 mail.example.com' }, 'value', /0 to 65535/],
    [{ type: 'TXT', value: 'two\nlines' }, 'value', /control characters/],
    [{ type: 'TXT', value: 'x'.repeat(2001) }, 'value', 'Value can be at most 2000 characters.'],
    [{ ttl: 59 }, 'ttl', 'TTL must be a whole number of seconds from 60 to 86400.'],
    [{ ttl: 86_401 }, 'ttl', 'TTL must be a whole number of seconds from 60 to 86400.'],
    [{ ttl: 300.5 }, 'ttl', 'TTL must be a whole number of seconds from 60 to 86400.'],
    [{ ttl: '300' }, 'ttl', 'TTL must be a whole number of seconds from 60 to 86400.'],
  ])('refuses %j: 400 naming %s, nothing written', async (overrides, field, sentence) => {
    const before = await snapshot();
    const res = await create(dnsRecordInput(overrides));
    expect(res.statusCode, res.body).toBe(400);
    const body = res.json();
    expect(body).toMatchObject({ ok: false, code: 'validation', fields: { [field]: sentence } });
    expect(body.error.startsWith(`Invalid field "${field}"`)).toBe(true);
    expect(await snapshot()).toEqual(before);
  });

  it('refuses the same record twice and a CNAME beside another record, either way round, also when requests race', async () => {
    const first = await buildDnsRecord(t);
    const twice = await create({ domain: first.domain, type: 'A', value: first.value });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ code: 'dns_record_exists', fields: { value: expect.any(String) } });
    const cnameBesideA = await create({ domain: first.domain, type: 'CNAME', value: 'target.example.com' });
    expect(cnameBesideA.statusCode).toBe(409);
    expect(cnameBesideA.json()).toMatchObject({
      code: 'dns_cname_conflict',
      error: expect.stringContaining('a CNAME cannot share its name'),
    });
    const alias = await buildDnsRecord(t, { type: 'CNAME', value: 'target.example.com' });
    for (const body of [
      { type: 'A', value: '192.0.2.1' },
      { type: 'TXT', value: 'x' },
      { type: 'CNAME', value: 'other.example.com' },
    ]) {
      const res = await create({ domain: alias.domain, ...body });
      expect(res.statusCode, JSON.stringify(body)).toBe(409);
      expect(res.json().code).toBe('dns_cname_conflict');
    }
    const before = await snapshot();
    const domain = dnsName('race');
    const raced = await Promise.all([
      create({ domain, type: 'A', value: '192.0.2.50' }),
      create({ domain, type: 'A', value: '192.0.2.50' }),
      create({ domain, type: 'CNAME', value: 'x.example.com' }),
    ]);
    expect(raced.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
    expect((await snapshot()).records.length).toBe(before.records.length + 1);
  });

  it('edits a record (value, ttl, type, on and off), re-checking everything; unknown ids are 404', async () => {
    const record = await buildDnsRecord(t, { value: '192.0.2.1' });
    const edit = (body: Record<string, unknown>) =>
      t.call('PUT', `/api/domain/records/${record.id}`, { body, as: 'operator' });
    let res = await edit({ value: '192.0.2.99', ttl: 3600 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().record).toMatchObject({ value: '192.0.2.99', ttl: 3600, isActive: true });
    res = await edit({ isActive: false });
    expect(res.json().record).toMatchObject({ value: '192.0.2.99', isActive: false });
    const before = await snapshot();
    res = await edit({ type: 'AAAA' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.value).toMatch(/IPv6/);
    res = await edit({ ttl: 10 });
    expect(res.statusCode).toBe(400);
    const alias = await buildDnsRecord(t, { type: 'CNAME', value: 'x.example.com' });
    const afterAlias = await snapshot();
    res = await edit({ domain: alias.domain });
    expect(res.statusCode).toBe(409);
    expect(await snapshot()).toEqual(afterAlias);
    expect(before.records.length + 1).toBe(afterAlias.records.length);
    res = await edit({ type: 'AAAA', value: '2001:db8::99', isActive: true });
    expect(res.json().record).toMatchObject({ type: 'AAAA', value: '2001:db8::99', isActive: true });
    const events = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entityId, record.id), eq(auditEvents.action, 'dns_record.update')));
    expect(events.length).toBe(3);
  });

  it('deletes a record once; the second time it is 404', async () => {
    const record = await buildDnsRecord(t);
    expect((await t.call('DELETE', `/api/domain/records/${record.id}`, { as: 'operator' })).statusCode).toBe(200);
    expect((await t.db.select().from(dnsRecords).where(eq(dnsRecords.id, record.id))).length).toBe(0);
    const again = await t.call('DELETE', `/api/domain/records/${record.id}`);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({ error: 'DNS record not found.', code: 'not_found' });
    const [event] = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entityId, record.id), eq(auditEvents.action, 'dns_record.delete')));
    expect(event).toBeTruthy();
  });
});

describe('GET /api/domain/resolve and the query log', () => {
  const resolve = (name: string, type = 'A', app = t) =>
    app.call('GET', `/api/domain/resolve/${encodeURIComponent(name)}?type=${type}`, { as: null });

  it('answers from the managed records without a token, and logs it', async () => {
    const record = await buildDnsRecord(t, { value: '192.0.2.77' });
    const res = await resolve(record.domain);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      source: 'managed',
      domain: record.domain,
      type: 'A',
      error: null,
      records: [{ name: record.domain, type: 'A', value: '192.0.2.77', ttl: 300 }],
    });
    const [log] = await t.db.select().from(dnsQueryLogs).where(eq(dnsQueryLogs.domain, record.domain));
    expect(log).toMatchObject({ type: 'A', success: true, result: ['192.0.2.77'], error: null, source: 'managed' });
  });

  it('follows a managed CNAME, and says when a managed name has no such record or does not exist', async () => {
    const target = await buildDnsRecord(t, { type: 'MX', value: '5 mx.example.com' });
    const alias = await buildDnsRecord(t, { type: 'CNAME', value: target.domain });
    const chained = (await resolve(alias.domain, 'MX')).json();
    expect(chained).toMatchObject({ success: true, source: 'managed' });
    expect(chained.records.map((r: { type: string; value: string }) => `${r.type} ${r.value}`)).toEqual([
      `CNAME ${target.domain}`,
      'MX 5 mx.example.com',
    ]);
    const noAaaa = (await resolve(target.domain, 'AAAA')).json();
    expect(noAaaa).toMatchObject({
      success: false,
      source: 'managed',
      records: [],
      error: `${target.domain} has no active AAAA record.`,
    });
    const missing = dnsName('missing');
    expect((await resolve(missing)).json()).toMatchObject({
      success: false,
      source: 'managed',
      error: `${missing} does not exist in the managed zone rwa.test.`,
    });
  });

  it('does not answer a deactivated record', async () => {
    const record = await buildDnsRecord(t);
    await t.call('PUT', `/api/domain/records/${record.id}`, { body: { isActive: false } });
    expect((await resolve(record.domain)).json()).toMatchObject({ success: false, source: 'managed' });
  });

  it('asks the system resolver for other names', async () => {
    const res = (await resolve('outside.example.net')).json();
    expect(res).toMatchObject({
      success: true,
      source: 'system',
      records: [{ type: 'A', value: '203.0.113.7', ttl: 120 }],
    });
    const nx = (await resolve('nowhere.example.net')).json();
    expect(nx).toMatchObject({
      success: false,
      source: 'system',
      error: 'Could not resolve nowhere.example.net: nowhere.example.net does not exist.',
    });
    const [log] = await t.db.select().from(dnsQueryLogs).where(eq(dnsQueryLogs.domain, 'nowhere.example.net'));
    expect(log).toMatchObject({ success: false, source: 'system', result: [], error: nx.error });
  });

  it('fails quickly with a clear error when the system resolver does not answer', async () => {
    const started = Date.now();
    const res = await resolve('unreachable.example.com', 'A', silentApp);
    const took = Date.now() - started;
    expect(res.json()).toMatchObject({
      success: false,
      source: 'system',
      error: 'Could not resolve unreachable.example.com: the DNS servers did not answer in time.',
    });
    expect(took).toBeLessThan(3000);
  });

  it('has its own rate limit', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1) statuses.push((await resolve(`n${i}.rwa.test`, 'A', silentApp)).statusCode);
    expect(statuses.slice(-1)).toEqual([429]);
  });

  it.each([
    ['bad name.example.com', 'A', 'domain'],
    ['a..example.com', 'A', 'domain'],
    ['example.com', 'SRV', 'type'],
  ])('refuses %s %s: 400 naming %s, nothing logged', async (name, type, field) => {
    const before = await count(dnsQueryLogs);
    const res = await resolve(name, type);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().fields[field]).toEqual(expect.any(String));
    expect(await count(dnsQueryLogs)).toBe(before);
  });

  it('lists the query log for staff, newest first, with filters and the last day’s count', async () => {
    const name = dnsName('logged');
    await buildDnsRecord(t, { domain: name, type: 'TXT', value: 'logged' });
    await resolve(name, 'TXT');
    await resolve(name, 'A');
    const list = async (query: string) =>
      (await t.call('GET', `/api/domain/query/logs?q=${name}&${query}`, { as: 'finance' })).json();
    const all = await list('');
    expect(all.logs.map((l: { type: string }) => l.type)).toEqual(['A', 'TXT']);
    expect(all).toMatchObject({ success: true, total: 2, recent24h: expect.any(Number) });
    expect(all.recent24h).toBeGreaterThanOrEqual(2);
    expect((await list('outcome=success')).logs.map((l: { result: string[] }) => l.result)).toEqual([['logged']]);
    expect((await list('outcome=failure&type=A&source=managed')).total).toBe(1);
    expect((await list('source=system')).total).toBe(0);
    expect((await t.call('GET', '/api/domain/query/logs?outcome=maybe')).statusCode).toBe(400);
  });

  it('sorts the query log by time, domain or duration both ways, its CSV in the same order; an unknown sort is a 400 that changes nothing', async () => {
    const tag = dnsName('sorted');
    // The slowest is the oldest and its name sorts in the middle: each sort gives another order.
    await t.db.insert(dnsQueryLogs).values(
      [
        ['b', 90],
        ['c', 5],
        ['a', 40],
      ].map(([first, ms], i) => ({
        domain: `${first}.${tag}`,
        type: 'A',
        success: true,
        result: ['192.0.2.1'],
        source: 'managed',
        durationMs: ms as number,
        createdAt: new Date(Date.now() - 60_000 + i * 1000),
      })),
    );
    const logs = { path: '/api/domain/query/logs', field: 'logs', query: `q=${tag}` };
    await expectSorted(t, { ...logs, sort: 'domain', value: (r) => r.domain });
    await expectSorted(t, { ...logs, sort: 'durationMs', value: (r) => r.durationMs });
    await expectSorted(t, { ...logs, sort: 'createdAt', value: (r) => r.createdAt });
    const before = await count(dnsQueryLogs);
    await expectUnknownSortRefused(t, logs);
    expect(await count(dnsQueryLogs)).toBe(before);
  });
});

describe('scripts', () => {
  const run = (scriptName: string, parameters: Record<string, unknown>, as: 'admin' | 'operator' = 'operator') =>
    t.call('POST', '/api/domain/script/execute', { body: { scriptName, parameters }, as });

  it('creates, updates and deletes a record, each run audited and logged with its output', async () => {
    const domain = dnsName('script');
    let res = await run('Create DNS Record', { domain, type: 'A', value: '192.0.2.5' });
    expect(res.statusCode, res.body).toBe(200);
    const created = res.json();
    expect(created).toMatchObject({
      success: true,
      output: `Created A record ${domain} → 192.0.2.5 (TTL 300).`,
      record: { domain, value: '192.0.2.5' },
    });
    expect(created.log).toMatchObject({
      scriptName: 'Create DNS Record',
      success: true,
      recordId: created.record.id,
      error: null,
    });
    res = await run('Update DNS Record', { domain, type: 'A', value: '192.0.2.6', ttl: 120 });
    expect(res.json()).toMatchObject({
      output: `Updated A record ${domain}: 192.0.2.5 → 192.0.2.6 (TTL 120).`,
      record: { id: created.record.id, ttl: 120 },
    });
    res = await run('Delete DNS Record', { domain, type: 'A', value: '192.0.2.6' });
    expect(res.json()).toMatchObject({ output: `Deleted A record ${domain} → 192.0.2.6.`, record: null });
    expect(await t.db.select().from(dnsRecords).where(eq(dnsRecords.domain, domain))).toEqual([]);
    const actions = (
      await t.db.select().from(auditEvents).where(eq(auditEvents.entityId, created.record.id)).orderBy(auditEvents.id)
    ).map((e) => [e.action, (e.data as { via?: string }).via]);
    expect(actions).toEqual([
      ['dns_record.create', 'script: Create DNS Record'],
      ['dns_record.update', 'script: Update DNS Record'],
      ['dns_record.delete', 'script: Delete DNS Record'],
    ]);
    const logs = (await t.call('GET', `/api/domain/script/logs?q=${domain}`, { as: 'finance' })).json();
    expect(logs.logs.map((l: { scriptName: string; success: boolean }) => [l.scriptName, l.success])).toEqual([
      ['Delete DNS Record', true],
      ['Update DNS Record', true],
      ['Create DNS Record', true],
    ]);
    const sorted = { path: '/api/domain/script/logs', field: 'logs', query: `q=${domain}` };
    await expectSorted(t, { ...sorted, sort: 'scriptName', value: (r) => r.scriptName });
    await expectSorted(t, { ...sorted, sort: 'createdAt', value: (r) => r.createdAt });
    await expectUnknownSortRefused(t, sorted);
  });

  it.each([
    ['Create DNS Record', { type: 'A', value: 'not-an-ip' }, 400, /IPv4/],
    ['Update DNS Record', { type: 'A', value: '192.0.2.1' }, 404, /There is no A record for/],
    ['Delete DNS Record', { type: 'A', value: '192.0.2.1' }, 404, /There is no A record .* to delete/],
  ])(
    '%s with %j: %i, nothing changed, the failure logged with its error',
    async (scriptName, params, status, sentence) => {
      const domain = dnsName('fail');
      const before = await snapshot();
      const res = await run(scriptName, { domain, ...params });
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json().error).toMatch(sentence);
      expect(await snapshot()).toEqual(before);
      const [log] = await t.db
        .select()
        .from(dnsScriptLogs)
        .where(sql`${dnsScriptLogs.parameters}->>'domain' = ${domain}`);
      expect(log).toMatchObject({ scriptName, success: false, output: null, error: res.json().error });
    },
  );

  it('refuses an ambiguous update, and a malformed request without logging it', async () => {
    const domain = dnsName('two');
    await buildDnsRecord(t, { domain, value: '192.0.2.1' });
    const second = await buildDnsRecord(t, { domain, value: '192.0.2.2' });
    const res = await run('Update DNS Record', { domain, type: 'A', value: '192.0.2.3' });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('dns_record_ambiguous');
    expect(
      (await run('Update DNS Record', { id: second.id, domain, type: 'A', value: '192.0.2.3' })).json().record,
    ).toMatchObject({ id: second.id, value: '192.0.2.3' });
    const logs = await count(dnsScriptLogs);
    for (const body of [
      { scriptName: 'Drop Zone', parameters: { domain, type: 'A', value: 'x' } },
      { scriptName: 'Create DNS Record' },
      { scriptName: 'Create DNS Record', parameters: { domain, type: 'A' } },
    ]) {
      const bad = await t.call('POST', '/api/domain/script/execute', { body });
      expect(bad.statusCode, JSON.stringify(body)).toBe(400);
      expect(bad.json().fields).toBeTruthy();
    }
    expect(await count(dnsScriptLogs)).toBe(logs);
  });
});
