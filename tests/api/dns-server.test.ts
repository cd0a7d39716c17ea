/**
 * The embedded authoritative DNS server, queried as any client would: node's resolver pointed at its port (UDP, and
 * TCP when an answer is too long for UDP) and dns2's TCP client for TCP itself.
 */
import dgram from 'node:dgram';
import { Resolver } from 'node:dns/promises';
import net from 'node:net';
import { eq } from 'drizzle-orm';
import dns2 from 'dns2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dnsRecords } from '../../server/db/schema.js';
import { buildDnsRecord, dnsName } from './factories.js';
import { createTestApp, type TestApp } from './harness.js';

let t: TestApp;
let port: number;
let resolver: Resolver;
beforeAll(async () => {
  t = await createTestApp({ DNS_ZONES: 'rwa.test,example.org' }, { dnsServer: true });
  port = t.app.ctx.dnsServer!.port;
  resolver = new Resolver({ timeout: 1500, tries: 1 });
  resolver.setServers([`127.0.0.1:${port}`]);
});
afterAll(async () => { await t?.close(); });

const code = (p: Promise<unknown>) => p.then(() => 'answered', (err: { code?: string }) => err.code);

type TcpAnswer = { header: { rcode: number; aa: number }; answers: { type: number; address?: string; data?: string; exchange?: string; domain?: string }[] };
const tcpQuery = (name: string, type: string): Promise<TcpAnswer> =>
  (dns2 as unknown as { TCPClient: (o: { dns: string; port: number }) => (n: string, t: string) => Promise<TcpAnswer> }).TCPClient({ dns: '127.0.0.1', port })(name, type);

describe('the embedded DNS server', () => {
  it('listens on loopback for UDP and TCP on one port', () => {
    expect(port).toBeGreaterThan(0);
    expect(t.app.ctx.config.dns.port).toBe(0);
  });

  it('answers A, AAAA, CNAME, MX, TXT and NS records over UDP', async () => {
    const name = dnsName('all');
    await buildDnsRecord(t, { domain: name, value: '192.0.2.21' });
    await buildDnsRecord(t, { domain: name, value: '192.0.2.22', ttl: 60 });
    await buildDnsRecord(t, { domain: name, type: 'AAAA', value: '2001:db8::21' });
    await buildDnsRecord(t, { domain: name, type: 'MX', value: '20 mx2.example.com' });
    await buildDnsRecord(t, { domain: name, type: 'MX', value: '10 mx1.example.com' });
    await buildDnsRecord(t, { domain: name, type: 'TXT', value: 'v=spf1 -all' });
    await buildDnsRecord(t, { domain: name, type: 'NS', value: 'ns1.example.net' });
    const alias = await buildDnsRecord(t, { type: 'CNAME', value: name });

    expect((await resolver.resolve4(name, { ttl: true })).sort((a, b) => a.address.localeCompare(b.address)))
      .toEqual([{ address: '192.0.2.21', ttl: 300 }, { address: '192.0.2.22', ttl: 60 }]);
    expect(await resolver.resolve6(name)).toEqual(['2001:db8::21']);
    expect((await resolver.resolveMx(name)).sort((a, b) => a.priority - b.priority)).toEqual([{ priority: 10, exchange: 'mx1.example.com' }, { priority: 20, exchange: 'mx2.example.com' }]);
    expect(await resolver.resolveTxt(name)).toEqual([['v=spf1 -all']]);
    expect(await resolver.resolveNs(name)).toEqual(['ns1.example.net']);
    expect(await resolver.resolveCname(alias.domain)).toEqual([name]);
    // An A query for the alias is answered with the CNAME and the target's records (same zone).
    expect((await resolver.resolve4(alias.domain)).sort()).toEqual(['192.0.2.21', '192.0.2.22']);
  });

  it('sends a long TXT value in 255-byte strings, over TCP when it is too long for UDP', async () => {
    const text = `k=rsa; p=${'A'.repeat(700)}`;
    const record = await buildDnsRecord(t, { type: 'TXT', value: text });
    const [strings] = await resolver.resolveTxt(record.domain);
    expect(strings!.join('')).toBe(text);
    expect(strings!.map((s) => s.length)).toEqual([255, 255, 199]);
  });

  it('answers over TCP too', async () => {
    const record = await buildDnsRecord(t, { value: '192.0.2.31' });
    const res = await tcpQuery(record.domain, 'A');
    expect(res.header).toMatchObject({ rcode: 0, aa: 1 });
    expect(res.answers.map((a) => a.address)).toEqual(['192.0.2.31']);
    const mx = await buildDnsRecord(t, { domain: record.domain, type: 'MX', value: '5 mail.example.com' });
    expect((await tcpQuery(mx.domain, 'MX')).answers.map((a) => a.exchange)).toEqual(['mail.example.com']);
    expect((await tcpQuery(dnsName('nx'), 'A')).header.rcode).toBe(3);
    expect((await tcpQuery('www.elsewhere.com', 'A')).header.rcode).toBe(5);
  });

  it('says NXDOMAIN for unknown names in a zone, NODATA for other types, and refuses names outside its zones', async () => {
    const record = await buildDnsRecord(t);
    expect(await code(resolver.resolve4(dnsName('unknown')))).toBe('ENOTFOUND');
    expect(await code(resolver.resolve6(record.domain))).toBe('ENODATA');
    expect(await code(resolver.resolve4('www.example.com'))).toBe('EREFUSED');
    expect(await code(resolver.resolve4('example.org'))).toBe('ENODATA');
    const [soa] = [await resolver.resolveSoa('rwa.test')];
    expect(soa).toMatchObject({ nsname: 'ns.rwa.test', hostmaster: 'hostmaster.rwa.test', minttl: 60 });
  });

  it('stops answering a deactivated record and serves a change within a second', async () => {
    const record = await buildDnsRecord(t, { value: '192.0.2.41' });
    expect(await resolver.resolve4(record.domain)).toEqual(['192.0.2.41']);
    await t.call('PUT', `/api/domain/records/${record.id}`, { body: { isActive: false }, as: 'operator' });
    expect(await code(resolver.resolve4(record.domain))).toBe('ENOTFOUND');

    await t.call('PUT', `/api/domain/records/${record.id}`, { body: { isActive: true, value: '192.0.2.42' }, as: 'operator' });
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

  it('drops malformed packets and keeps answering', async () => {
    const socket = dgram.createSocket('udp4');
    await new Promise<void>((resolve) => socket.send(Buffer.from('not a dns packet'), port, '127.0.0.1', () => resolve()));
    socket.close();
    const client = net.connect(port, '127.0.0.1');
    await new Promise((resolve) => client.on('connect', resolve));
    client.end(Buffer.from([0, 3, 1, 2, 3]));
    const record = await buildDnsRecord(t, { value: '192.0.2.51' });
    expect(await resolver.resolve4(record.domain)).toEqual(['192.0.2.51']);
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
      await new Promise<void>((resolve, reject) => { udp.once('error', reject); udp.bind(p, '127.0.0.1', () => resolve()); });
      udp.close();
      const tcp = net.createServer();
      await new Promise<void>((resolve, reject) => { tcp.once('error', reject); tcp.listen(p, '127.0.0.1', () => resolve()); });
      await new Promise((resolve) => tcp.close(resolve));
      idle.destroy();
    }
  });

  it('refuses to start on a port in use, with a sentence saying what to set', async () => {
    const taken = net.createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', () => resolve()));
    const p = (taken.address() as net.AddressInfo).port;
    await expect(createTestApp({ DNS_PORT: String(p) }, { dnsServer: true })).rejects.toThrow(`Port ${p} for the DNS server is in use`);
    await new Promise((resolve) => taken.close(resolve));
  });
});
