/**
 * The embedded DNS server, queried as clients would: node's resolver pointed at its port (UDP, and TCP when an answer
 * is too long for UDP) and a small dns-packet client (dns-client.ts) for TCP, EDNS, referrals and rate limiting.
 */
import dgram from 'node:dgram';
import { Resolver } from 'node:dns/promises';
import net from 'node:net';
import { eq } from 'drizzle-orm';
import { encode } from 'dns-packet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dnsRecords } from '../../server/db/schema.js';
import { dataOf, queryPacket, tcpExchange, tcpQuery, udpExchange, udpQuery } from './dns-client.js';
import { buildDnsRecord, dnsName } from './factories.js';
import { createTestApp, type TestApp } from './harness.js';

let t: TestApp;
let port: number;
let resolver: Resolver;
beforeAll(async () => {
  t = await createTestApp(
    { DNS_ZONES: 'rwa.test,example.org', DNS_NAMESERVERS: 'ns1.rwa.test=127.0.0.1,ns2.rwa.test=127.0.0.2' },
    { dnsServer: true },
  );
  port = t.app.ctx.dnsServer!.port;
  resolver = new Resolver({ timeout: 1500, tries: 1 });
  resolver.setServers([`127.0.0.1:${port}`]);
});
afterAll(async () => {
  await t?.close();
});

const code = (p: Promise<unknown>) =>
  p.then(
    () => 'answered',
    (err: { code?: string }) => err.code,
  );
const names = (records: Parameters<typeof dataOf>[0][]) => records.map(dataOf).sort();

describe('the embedded DNS server', () => {
  it('listens on loopback for UDP and TCP on one port', () => {
    expect(port).toBeGreaterThan(0);
    expect(t.app.ctx.config.dns.port).toBe(0);
  });

  it('answers A, AAAA, CNAME, MX and TXT records over UDP', async () => {
    const name = dnsName('all');
    await buildDnsRecord(t, { domain: name, value: '192.0.2.21' });
    await buildDnsRecord(t, { domain: name, value: '192.0.2.22', ttl: 60 });
    await buildDnsRecord(t, { domain: name, type: 'AAAA', value: '2001:db8::21' });
    await buildDnsRecord(t, { domain: name, type: 'MX', value: '20 mx2.example.com' });
    await buildDnsRecord(t, { domain: name, type: 'MX', value: '10 mx1.example.com' });
    await buildDnsRecord(t, { domain: name, type: 'TXT', value: 'v=spf1 -all' });
    const alias = await buildDnsRecord(t, { type: 'CNAME', value: name });

    expect((await resolver.resolve4(name, { ttl: true })).sort((a, b) => a.address.localeCompare(b.address))).toEqual([
      { address: '192.0.2.21', ttl: 300 },
      { address: '192.0.2.22', ttl: 60 },
    ]);
    expect(await resolver.resolve6(name)).toEqual(['2001:db8::21']);
    expect((await resolver.resolveMx(name)).sort((a, b) => a.priority - b.priority)).toEqual([
      { priority: 10, exchange: 'mx1.example.com' },
      { priority: 20, exchange: 'mx2.example.com' },
    ]);
    expect(await resolver.resolveTxt(name)).toEqual([['v=spf1 -all']]);
    expect(await resolver.resolveCname(alias.domain)).toEqual([name]);
    // An A query for the alias is answered with the CNAME and the target's records (same zone).
    expect((await resolver.resolve4(alias.domain)).sort()).toEqual(['192.0.2.21', '192.0.2.22']);
  });

  it('sends a long TXT value in 255-byte strings, over TCP when it is too long for UDP', async () => {
    const text = `k=rsa; p=${'A'.repeat(1500)}`;
    const record = await buildDnsRecord(t, { type: 'TXT', value: text });
    // 4096 asked, 1232 granted: the reply does not fit and says so.
    expect(await udpQuery(record.domain, 'TXT', { port, edns: { size: 4096 } })).toMatchObject({
      flag_tc: true,
      answers: [],
    });
    const [strings] = await resolver.resolveTxt(record.domain);
    expect(strings!.join('')).toBe(text);
    expect(strings!.map((s) => s.length)).toEqual([255, 255, 255, 255, 255, 234]);
  });

  it('answers over TCP too', async () => {
    const record = await buildDnsRecord(t, { value: '192.0.2.31' });
    const res = await tcpQuery(record.domain, 'A', { port });
    expect(res).toMatchObject({ rcode: 'NOERROR', flag_aa: true });
    expect(res.answers.map(dataOf)).toEqual(['192.0.2.31']);
    await buildDnsRecord(t, { domain: record.domain, type: 'MX', value: '5 mail.example.com' });
    expect((await tcpQuery(record.domain, 'MX', { port })).answers.map(dataOf)).toEqual(['5 mail.example.com']);
    expect((await tcpQuery(dnsName('nx'), 'A', { port })).rcode).toBe('NXDOMAIN');
    expect((await tcpQuery('www.elsewhere.com', 'A', { port })).rcode).toBe('REFUSED');
  });

  it('says NXDOMAIN for unknown names in a zone, NODATA for other types, and refuses names outside its zones', async () => {
    const record = await buildDnsRecord(t);
    expect(await code(resolver.resolve4(dnsName('unknown')))).toBe('ENOTFOUND');
    expect(await code(resolver.resolve6(record.domain))).toBe('ENODATA');
    expect(await code(resolver.resolve4('www.example.com'))).toBe('EREFUSED');
    expect(await code(resolver.resolve4('example.org'))).toBe('ENODATA');
    const nx = await udpQuery(dnsName('unknown'), 'A', { port });
    expect(nx).toMatchObject({ rcode: 'NXDOMAIN', flag_aa: true, answers: [] });
    expect(nx!.authorities.map((r) => r.type)).toEqual(['SOA']);
  });

  it("serves each zone's SOA and NS records at its apex, the name servers' addresses, and managed apex NS records beside them", async () => {
    expect(await resolver.resolveSoa('rwa.test')).toMatchObject({
      nsname: 'ns1.rwa.test',
      hostmaster: 'hostmaster.rwa.test',
      minttl: 60,
    });
    const ns = await udpQuery('rwa.test', 'NS', { port });
    expect(ns).toMatchObject({ rcode: 'NOERROR', flag_aa: true });
    expect(names(ns!.answers)).toEqual(['ns1.rwa.test', 'ns2.rwa.test']);
    expect(ns!.additionals.map((r) => [r.name, r.type, dataOf(r)]).sort()).toEqual([
      ['ns1.rwa.test', 'A', '127.0.0.1'],
      ['ns2.rwa.test', 'A', '127.0.0.2'],
    ]);
    expect(await resolver.resolve4('ns2.rwa.test')).toEqual(['127.0.0.2']);

    const created = await t.call('POST', '/api/domain/record/create', {
      body: { domain: 'example.org', type: 'NS', value: 'ns.example.net', ttl: 300 },
      as: 'operator',
    });
    expect(created.statusCode).toBe(201);
    expect((await resolver.resolveNs('example.org')).sort()).toEqual([
      'ns.example.net',
      'ns1.rwa.test',
      'ns2.rwa.test',
    ]);
    expect(await resolver.resolveSoa('example.org')).toMatchObject({
      nsname: 'ns1.rwa.test',
      hostmaster: 'hostmaster.example.org',
    });
  });

  it('refers queries at or below a delegation to its name servers, with glue and without the aa flag', async () => {
    const cut = dnsName('sub');
    await buildDnsRecord(t, { domain: cut, type: 'NS', value: `ns1.${cut}` });
    await buildDnsRecord(t, { domain: cut, type: 'NS', value: 'ns.example.net' });
    await buildDnsRecord(t, { domain: `ns1.${cut}`, value: '192.0.2.53' });
    await buildDnsRecord(t, { domain: `ns1.${cut}`, type: 'AAAA', value: '2001:db8::53' });
    await buildDnsRecord(t, { domain: cut, value: '192.0.2.99' }); // occluded by the cut: never answered

    for (const [name, type] of [
      [`www.${cut}`, 'A'],
      [cut, 'A'],
      [cut, 'NS'],
      [`ns1.${cut}`, 'A'],
      [`a.b.${cut}`, 'MX'],
    ] as const) {
      const res = await udpQuery(name, type, { port });
      expect(res, `${name} ${type}`).toMatchObject({ rcode: 'NOERROR', flag_aa: false, answers: [] });
      expect(res!.authorities.map((r) => [r.name, r.type, dataOf(r)]).sort()).toEqual([
        [cut, 'NS', 'ns.example.net'],
        [cut, 'NS', `ns1.${cut}`],
      ]);
      expect(res!.additionals.map((r) => [r.name, r.type, dataOf(r)]).sort()).toEqual([
        [`ns1.${cut}`, 'A', '192.0.2.53'],
        [`ns1.${cut}`, 'AAAA', '2001:db8::53'],
      ]);
    }
    // DS records live on the parent's side: asked at the cut, the answer is ours (none here: NODATA).
    const ds = await udpQuery(cut, 'DS', { port });
    expect(ds).toMatchObject({ rcode: 'NOERROR', flag_aa: true, answers: [] });
    expect(ds!.authorities.map((r) => r.type)).toEqual(['SOA']);
  });

  it("speaks EDNS(0): an OPT record back, the requestor's payload size, BADVERS for other versions, FORMERR for two OPTs", async () => {
    const record = await buildDnsRecord(t, { type: 'TXT', value: 'x'.repeat(700) });
    const plain = await udpQuery(record.domain, 'TXT', { port });
    expect(plain).toMatchObject({ flag_tc: true, answers: [], additionals: [] }); // 512 bytes without EDNS
    const edns = await udpQuery(record.domain, 'TXT', { port, edns: { size: 1232 } });
    expect(edns).toMatchObject({ flag_tc: false, flag_aa: true });
    expect(edns!.answers).toHaveLength(1);
    expect(edns!.additionals).toMatchObject([{ type: 'OPT', udpPayloadSize: 1232, ednsVersion: 0, extendedRcode: 0 }]);
    // Asking for less than 512 bytes is read as 512.
    expect(await udpQuery(record.domain, 'TXT', { port, edns: { size: 100 } })).toMatchObject({ flag_tc: true });

    const badvers = await udpQuery(record.domain, 'A', { port, edns: { version: 1 } });
    expect(badvers!.answers).toEqual([]);
    expect(badvers!.additionals).toMatchObject([{ type: 'OPT', extendedRcode: 1, ednsVersion: 0 }]); // 16 = 1 << 4 | 0
    expect(badvers!.rcode).toBe('NOERROR');

    const twice = queryPacket(record.domain, 'A', { size: 1232 });
    twice.additionals = [...twice.additionals!, ...twice.additionals!];
    const formerr = await udpExchange(encode(twice), { port });
    expect(formerr![3]! & 0xf).toBe(1);
  });

  it('answers FORMERR (id echoed) to a header claiming more than its packet holds, drops what is no query, and keeps answering', async () => {
    const crafted = Buffer.from([0x12, 0x34, 0x01, 0x00, 255, 255, 255, 255, 255, 255, 255, 255]);
    const reply = await udpExchange(crafted, { port });
    expect(reply && [...reply]).toEqual([0x12, 0x34, 0x81, 0x01, 0, 0, 0, 0, 0, 0, 0, 0]);
    expect(await udpExchange(Buffer.from('short'), { port, timeoutMs: 300 })).toBeNull();
    // A response sent to the server is never answered (two servers could otherwise bounce packets forever).
    expect(
      await udpExchange(Buffer.from([0, 1, 0x81, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 1]), { port, timeoutMs: 300 }),
    ).toBeNull();
    const overTcp = Buffer.concat([Buffer.from([0, 12]), crafted]);
    expect([...(await tcpExchange(overTcp, { port }))].slice(0, 4)).toEqual([0x12, 0x34, 0x81, 0x01]);

    const socket = dgram.createSocket('udp4');
    await new Promise<void>((resolve) =>
      socket.send(Buffer.from('not a dns packet'), port, '127.0.0.1', () => resolve()),
    );
    socket.close();
    const client = net.connect(port, '127.0.0.1');
    await new Promise((resolve) => client.on('connect', resolve));
    client.end(Buffer.from([0, 3, 1, 2, 3]));
    const record = await buildDnsRecord(t, { value: '192.0.2.51' });
    expect(await resolver.resolve4(record.domain)).toEqual(['192.0.2.51']);
  });

  it('closes a TCP connection that announces a query longer than 4096 bytes, or sits idle', async () => {
    const closed = (socket: net.Socket) =>
      new Promise<number>((resolve) => {
        const started = Date.now();
        socket.on('error', () => {});
        socket.on('close', () => resolve(Date.now() - started));
      });
    const long = net.connect(port, '127.0.0.1');
    const longClosed = closed(long);
    long.write(Buffer.from([0x10, 0x01, 0, 0, 0]));
    expect(await longClosed).toBeLessThan(1000);
    const idle = net.connect(port, '127.0.0.1');
    const idleFor = await closed(idle);
    expect(idleFor).toBeGreaterThan(4000);
    expect(idleFor).toBeLessThan(8000);
  }, 15_000);

  it('limits the replies per source address (some slipped as truncated), while another address is still answered', async () => {
    const record = await buildDnsRecord(t, { value: '192.0.2.61' });
    const started = performance.now();
    let lastReplyAt = started;
    // A reply is counted as dropped once it is 2 s late: a loaded machine answered some after 700 ms (load 30).
    const burst = await Promise.all(
      Array.from({ length: 150 }, () =>
        udpQuery(record.domain, 'A', { port, localAddress: '127.0.0.2', timeoutMs: 2_000 }).then((r) => {
          if (r) lastReplyAt = performance.now();
          return r;
        }),
      ),
    );
    // 50 at once, then 50 a second more while the server still answered (the burst takes a while on a busy machine).
    const allowed = 50 + Math.ceil((50 * (lastReplyAt - started)) / 1000);
    const full = burst.filter((r) => r && !r.flag_tc).length;
    const truncated = burst.filter((r) => r?.flag_tc).length;
    const dropped = burst.filter((r) => !r).length;
    expect(full).toBeGreaterThanOrEqual(50);
    expect(full).toBeLessThanOrEqual(allowed);
    expect(truncated).toBeGreaterThan(10);
    // Every second reply past the limit slips, the others are dropped.
    expect(Math.abs(truncated - dropped)).toBeLessThanOrEqual(1);
    expect((await udpQuery(record.domain, 'A', { port, localAddress: '127.0.0.3' }))?.answers.map(dataOf)).toEqual([
      '192.0.2.61',
    ]);
  });

  it('answers a record written here to the very next query, however busy its thread is', async () => {
    // Other clients keep the thread busy; each write is asked for at once, never polled.
    let busy = true;
    const others = (async () => {
      while (busy) await udpQuery('nothing.rwa.test', 'A', { port, localAddress: '127.0.0.4', timeoutMs: 300 });
    })();
    try {
      for (let i = 0; i < 30; i += 1) {
        const record = await buildDnsRecord(t, { value: `192.0.2.${100 + i}` });
        expect(await resolver.resolve4(record.domain)).toEqual([`192.0.2.${100 + i}`]);
      }
    } finally {
      busy = false;
      await others;
    }
  });

  it('stops answering a deactivated record and serves a change within a second', async () => {
    const record = await buildDnsRecord(t, { value: '192.0.2.41' });
    expect(await resolver.resolve4(record.domain)).toEqual(['192.0.2.41']);
    await t.call('PUT', `/api/domain/records/${record.id}`, { body: { isActive: false }, as: 'operator' });
    expect(await code(resolver.resolve4(record.domain))).toBe('ENOTFOUND');

    await t.call('PUT', `/api/domain/records/${record.id}`, {
      body: { isActive: true, value: '192.0.2.42' },
      as: 'operator',
    });
    expect(await resolver.resolve4(record.domain)).toEqual(['192.0.2.42']);

    // A change made by another process (straight in the database, no cache dropped here) is served within a second.
    const started = Date.now();
    await t.db.update(dnsRecords).set({ value: '192.0.2.43' }).where(eq(dnsRecords.id, record.id));
    let answer: string[] = [];
    while (Date.now() - started < 1000) {
      answer = await resolver.resolve4(record.domain);
      if (answer[0] === '192.0.2.43') break;
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(answer).toEqual(['192.0.2.43']);
    expect(Date.now() - started).toBeLessThan(1000);
  });
});

describe('starting and stopping with the app', () => {
  it('opens and closes cleanly many times, freeing its port (TCP connections included)', async () => {
    for (let i = 0; i < 3; i += 1) {
      const app = await createTestApp({}, { database: undefined, dnsServer: true });
      const p = app.app.ctx.dnsServer!.port;
      const idle = net.connect(p, '127.0.0.1');
      await new Promise((resolve) => idle.on('connect', resolve));
      await app.close();
      // The same port binds again for UDP and TCP once the app is closed.
      const udp = dgram.createSocket('udp4');
      await new Promise<void>((resolve, reject) => {
        udp.once('error', reject);
        udp.bind(p, '127.0.0.1', () => resolve());
      });
      udp.close();
      const tcp = net.createServer();
      await new Promise<void>((resolve, reject) => {
        tcp.once('error', reject);
        tcp.listen(p, '127.0.0.1', () => resolve());
      });
      await new Promise((resolve) => tcp.close(resolve));
      idle.destroy();
    }
  }, 90_000);

  it('refuses to start on a port in use, with a sentence saying what to set', async () => {
    const taken = net.createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', () => resolve()));
    const p = (taken.address() as net.AddressInfo).port;
    await expect(createTestApp({ DNS_PORT: String(p) }, { dnsServer: true })).rejects.toThrow(
      `Port ${p} for the DNS server is in use`,
    );
    await new Promise((resolve) => taken.close(resolve));
  });

  it('listens on DNS_HOST', async () => {
    const app = await createTestApp({ DNS_HOST: '127.0.0.5' }, { dnsServer: true });
    try {
      const p = app.app.ctx.dnsServer!.port;
      const soa = await udpQuery('rwa.test', 'SOA', { port: p, host: '127.0.0.5' });
      expect(soa?.answers.map(dataOf)).toEqual([expect.stringContaining('"mname":"ns1.rwa.test"')]);
      expect(await udpQuery('rwa.test', 'SOA', { port: p, timeoutMs: 300 })).toBeNull();
    } finally {
      await app.close();
    }
  });
});
