import { decode, encode, type Answer, type DecodedPacket, type RecordType } from 'dns-packet';
import { describe, expect, it } from 'vitest';
import { answerQuestion } from '../../server/modules/domain/dns/answer.js';
import { refers, zoneCut } from '../../server/modules/domain/dns/delegation.js';
import { respond, slipReply } from '../../server/modules/domain/dns/respond.js';
import { parseQuery } from '../../server/modules/domain/dns/wire.js';
import { buildIndex, type RecordRow } from '../../server/modules/domain/dns/zone-index.js';

const ZONES = ['rwa.test', 'example.org'];
const row = (domain: string, type: RecordRow['type'], value: string): RecordRow => ({ domain, type, value, ttl: 300 });
const index = buildIndex(
  [
    row('www.rwa.test', 'A', '192.0.2.1'),
    row('rwa.test', 'NS', 'ns.example.net'),
    row('sub.rwa.test', 'NS', 'ns1.sub.rwa.test'),
    row('sub.rwa.test', 'NS', 'ns.example.net'),
    row('ns1.sub.rwa.test', 'A', '192.0.2.53'),
    row('deep.sub.rwa.test', 'NS', 'ns.elsewhere.net'),
    row('alias.rwa.test', 'CNAME', 'host.sub.rwa.test'),
    row('a.b.rwa.test', 'A', '192.0.2.2'),
    row('long.rwa.test', 'TXT', 'x'.repeat(700)),
  ],
  1234,
  ZONES,
  [
    { name: 'ns1.rwa.test', address: '127.0.0.1' },
    { name: 'ns2.rwa.test', address: '::1' },
    { name: 'ns.outside.net', address: '192.0.2.9' },
  ],
);

const ask = (name: string, type: RecordType) => answerQuestion({ name, type, class: 'IN' }, ZONES, index);
const data = (records: Answer[]) =>
  records
    .map((r) =>
      `${r.name} ${r.type} ${typeof (r as { data: unknown }).data === 'string' ? (r as { data: string }).data : ''}`.trim(),
    )
    .sort();

describe('zone cuts', () => {
  it('finds the delegation nearest the apex at or above a name', () => {
    const hasNs = (n: string) => ['sub.rwa.test', 'deep.sub.rwa.test'].includes(n);
    expect(zoneCut('rwa.test', 'rwa.test', hasNs)).toBeNull();
    expect(zoneCut('www.rwa.test', 'rwa.test', hasNs)).toBeNull();
    expect(zoneCut('sub.rwa.test', 'rwa.test', hasNs)).toBe('sub.rwa.test');
    expect(zoneCut('x.deep.sub.rwa.test', 'rwa.test', hasNs)).toBe('sub.rwa.test');
    expect(refers('sub.rwa.test', 'DS', 'sub.rwa.test')).toBe(false);
    expect(refers('x.sub.rwa.test', 'DS', 'sub.rwa.test')).toBe(true);
  });
});

describe('answers', () => {
  it('serves the configured and managed NS records at every apex, with the addresses of those in the zones as glue', () => {
    const ns = ask('rwa.test', 'NS');
    expect(ns.authoritative).toBe(true);
    expect(data(ns.answers)).toEqual([
      'rwa.test NS ns.example.net',
      'rwa.test NS ns.outside.net',
      'rwa.test NS ns1.rwa.test',
      'rwa.test NS ns2.rwa.test',
    ]);
    expect(data(ns.additionals)).toEqual(['ns1.rwa.test A 127.0.0.1', 'ns2.rwa.test AAAA ::1']);
    expect(data(ask('example.org', 'NS').answers)).toEqual([
      'example.org NS ns.outside.net',
      'example.org NS ns1.rwa.test',
      'example.org NS ns2.rwa.test',
    ]);
    expect(data(ask('ns2.rwa.test', 'AAAA').answers)).toEqual(['ns2.rwa.test AAAA ::1']);
  });

  it("names the first configured name server as the SOA's primary", () => {
    expect(ask('example.org', 'SOA').answers).toMatchObject([
      { type: 'SOA', data: { mname: 'ns1.rwa.test', rname: 'hostmaster.example.org', serial: 1234, minimum: 60 } },
    ]);
  });

  it('refers every name at or below a delegation, without aa, with glue; answers DS at the cut itself', () => {
    for (const [name, type] of [
      ['sub.rwa.test', 'NS'],
      ['sub.rwa.test', 'A'],
      ['ns1.sub.rwa.test', 'A'],
      ['x.deep.sub.rwa.test', 'TXT'],
      ['x.sub.rwa.test', 'DS'],
    ] as const) {
      const res = ask(name, type);
      expect(res, name).toMatchObject({ rcode: 0, authoritative: false, referral: true, answers: [] });
      expect(data(res.authorities)).toEqual(['sub.rwa.test NS ns.example.net', 'sub.rwa.test NS ns1.sub.rwa.test']);
      expect(data(res.additionals)).toEqual(['ns1.sub.rwa.test A 192.0.2.53']);
    }
    expect(ask('sub.rwa.test', 'DS')).toMatchObject({
      rcode: 0,
      authoritative: true,
      answers: [],
      authorities: [{ type: 'SOA' }],
    });
  });

  it('stops following a CNAME at a delegation', () => {
    expect(data(ask('alias.rwa.test', 'A').answers)).toEqual(['alias.rwa.test CNAME host.sub.rwa.test']);
  });

  it('is NXDOMAIN for no such name, NODATA for an empty non-terminal, REFUSED outside, SERVFAIL without records', () => {
    expect(ask('nope.rwa.test', 'A')).toMatchObject({ rcode: 3, authorities: [{ type: 'SOA', name: 'rwa.test' }] });
    expect(ask('b.rwa.test', 'A')).toMatchObject({ rcode: 0, answers: [], authorities: [{ type: 'SOA' }] });
    expect(ask('www.example.com', 'A')).toMatchObject({ rcode: 5, authoritative: false });
    expect(answerQuestion({ name: 'www.rwa.test', type: 'A', class: 'CH' }, ZONES, index).rcode).toBe(5);
    expect(answerQuestion({ name: 'www.rwa.test', type: 'A', class: 'IN' }, ZONES, null).rcode).toBe(2);
  });
});

describe('the encoded reply', () => {
  const query = (name: string, type: RecordType, opt?: { size: number }) => {
    const parsed = parseQuery(
      encode({
        type: 'query',
        id: 42,
        flags: 0x0100,
        questions: [{ name, type, class: 'IN' }],
        additionals: opt
          ? [
              {
                type: 'OPT',
                name: '.',
                udpPayloadSize: opt.size,
                extendedRcode: 0,
                ednsVersion: 0,
                flags: 0,
                flag_do: false,
                options: [],
              },
            ]
          : [],
      }),
    );
    if (parsed.kind !== 'query') throw new Error('not a query');
    return parsed.query;
  };
  const reply = (q: ReturnType<typeof query>, transport: 'udp' | 'tcp' = 'udp') =>
    decode(respond(q, transport, ZONES, index)) as DecodedPacket & { rcode: string };

  it('echoes the id, the question and RD, and sets aa', () => {
    expect(reply(query('www.rwa.test', 'A'))).toMatchObject({
      id: 42,
      flag_qr: true,
      flag_rd: true,
      flag_aa: true,
      rcode: 'NOERROR',
      questions: [{ name: 'www.rwa.test', type: 'A' }],
    });
  });

  it("truncates (TC, no records) what does not fit 512 bytes, or the requestor's size; never over TCP", () => {
    expect(reply(query('long.rwa.test', 'TXT'))).toMatchObject({ flag_tc: true, answers: [], additionals: [] });
    expect(reply(query('long.rwa.test', 'TXT', { size: 1232 }))).toMatchObject({
      flag_tc: false,
      additionals: [{ type: 'OPT' }],
    });
    expect(reply(query('long.rwa.test', 'TXT'), 'tcp')).toMatchObject({ flag_tc: false });
  });

  it('slips a truncated reply with the question alone', () => {
    expect(decode(slipReply(query('www.rwa.test', 'A')))).toMatchObject({
      id: 42,
      flag_tc: true,
      answers: [],
      questions: [{ name: 'www.rwa.test' }],
    });
  });
});
