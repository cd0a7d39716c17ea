/**
 * The embedded DNS server as BIND's dig sees it (a client we did not write): skipped where dig is not installed
 * (.ci/run installs it).
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HANG_MS } from '../../scripts/server-process.js';
import { buildDnsRecord, dnsName } from './factories.js';
import { createTestApp, type TestApp } from './harness.js';

const DIG = '/usr/bin/dig';
const run = promisify(execFile);

let t: TestApp;
let port: number;

type Dig = {
  status: string;
  flags: string[];
  edns: string | null;
  answer: string[];
  authority: string[];
  additional: string[];
};

/** dig's answer, read from its text: the status, the header flags, the OPT line and each section's records. */
async function dig(...args: string[]): Promise<Dig> {
  const { stdout } = await run(DIG, [`@127.0.0.1`, '-p', String(port), '+norecurse', '+time=2', '+tries=1', ...args], {
    timeout: HANG_MS,
  });
  const section = (name: string) => {
    const m = new RegExp(`;; ${name} SECTION:\\n([\\s\\S]*?)(?:\\n\\n|$)`).exec(stdout);
    return m ? m[1]!.split('\n').map((line) => line.replace(/\s+/g, ' ').trim()) : [];
  };
  return {
    status: /status: (\w+)/.exec(stdout)?.[1] ?? '',
    flags: (/;; flags:([^;]*);/.exec(stdout)?.[1] ?? '').trim().split(' '),
    edns: /; EDNS: (.*)/.exec(stdout)?.[1] ?? null,
    answer: section('ANSWER'),
    authority: section('AUTHORITY'),
    additional: section('ADDITIONAL'),
  };
}

describe.skipIf(!fs.existsSync(DIG))('the DNS server, asked with dig', { timeout: 2 * HANG_MS }, () => {
  beforeAll(async () => {
    t = await createTestApp({ DNS_NAMESERVERS: 'ns1.rwa.test=127.0.0.1,ns2.rwa.test=127.0.0.2' }, { dnsServer: true });
    port = t.app.ctx.dnsServer!.port;
  });
  afterAll(async () => {
    await t?.close();
  });

  it("answers the apex SOA and NS records, with the name servers' addresses, and an OPT record (EDNS 0)", async () => {
    const soa = await dig('rwa.test', 'SOA');
    expect(soa).toMatchObject({ status: 'NOERROR', edns: expect.stringMatching(/^version: 0, flags:; udp: 1232/) });
    expect(soa.flags).toContain('aa');
    expect(soa.answer).toEqual([
      expect.stringMatching(/^rwa\.test\. 60 IN SOA ns1\.rwa\.test\. hostmaster\.rwa\.test\. \d+ 3600 600 604800 60$/),
    ]);
    const ns = await dig('rwa.test', 'NS');
    expect(ns.answer.sort()).toEqual(['rwa.test. 3600 IN NS ns1.rwa.test.', 'rwa.test. 3600 IN NS ns2.rwa.test.']);
    expect(ns.additional.sort()).toEqual(['ns1.rwa.test. 3600 IN A 127.0.0.1', 'ns2.rwa.test. 3600 IN A 127.0.0.2']);
  });

  it('says NXDOMAIN with the SOA, and REFUSED outside its zones', async () => {
    const nx = await dig(dnsName('none'), 'A');
    expect(nx.status).toBe('NXDOMAIN');
    expect(nx.flags).toContain('aa');
    expect(nx.authority).toEqual([expect.stringMatching(/^rwa\.test\. 60 IN SOA ns1\.rwa\.test\. /)]);
    expect((await dig('www.example.com', 'A')).status).toBe('REFUSED');
  });

  it('refers a delegated name: no aa, the NS records in the authority section, glue in the additional one', async () => {
    const cut = dnsName('deleg');
    await buildDnsRecord(t, { domain: cut, type: 'NS', value: `ns1.${cut}` });
    await buildDnsRecord(t, { domain: `ns1.${cut}`, value: '192.0.2.53' });
    const res = await dig(`www.${cut}`, 'A');
    expect(res.status).toBe('NOERROR');
    expect(res.flags).not.toContain('aa');
    expect(res.answer).toEqual([]);
    expect(res.authority).toEqual([`${cut}. 300 IN NS ns1.${cut}.`]);
    expect(res.additional).toEqual([`ns1.${cut}. 300 IN A 192.0.2.53`]);
  });

  it('answers BADVERS to EDNS version 1', async () => {
    const res = await dig('+edns=1', '+noednsnegotiation', 'rwa.test', 'SOA');
    expect(res.status).toBe('BADVERS');
    expect(res.edns).toMatch(/^version: 0/);
  });

  it('answers over TCP', async () => {
    const record = await buildDnsRecord(t, { value: '192.0.2.80' });
    const res = await dig('+tcp', record.domain, 'A');
    expect(res.status).toBe('NOERROR');
    expect(res.answer).toEqual([`${record.domain}. 300 IN A 192.0.2.80`]);
  });
});
