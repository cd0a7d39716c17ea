import { describe, expect, it } from 'vitest';
import type { DnsType } from '../../src/common/domain.js';
import {
  checkRecord,
  ipv6Groups,
  neighbourConflict,
  normalizeValue,
  ownerNameProblem,
  txtStrings,
  zoneOf,
} from '../../server/modules/domain/policy.js';
import { say, type Said } from '../../server/lib/errors.js';
import { english } from './said.js';

const ZONES = ['rwa.test', 'shop.rwa.test', 'example.org'];

describe('DNS record values by type', () => {
  const good: [DnsType, string, string][] = [
    ['A', '192.0.2.10', '192.0.2.10'],
    ['A', '0.0.0.0', '0.0.0.0'],
    ['A', ' 255.255.255.255 ', '255.255.255.255'],
    ['AAAA', '2001:db8::10', '2001:db8::10'],
    ['AAAA', '2001:0DB8:0000:0000:0000:0000:0000:0010', '2001:db8::10'],
    ['AAAA', '::1', '::1'],
    ['AAAA', '::', '::'],
    ['AAAA', 'fe80::', 'fe80::'],
    ['AAAA', '2001:db8:0:1:0:0:0:1', '2001:db8:0:1::1'],
    ['AAAA', '2001:db8:0:0:1:0:0:1', '2001:db8::1:0:0:1'],
    ['AAAA', '2001:db8:1:2:3:4:5:0', '2001:db8:1:2:3:4:5:0'],
    ['AAAA', '::ffff:192.0.2.1', '::ffff:c000:201'],
    ['AAAA', '64:ff9b::192.0.2.1', '64:ff9b::c000:201'],
    ['CNAME', 'Origin.Example.COM.', 'origin.example.com'],
    ['CNAME', 'a-b.c-d.example', 'a-b.c-d.example'],
    ['NS', 'ns1.example.net', 'ns1.example.net'],
    ['MX', '10 mail.example.com', '10 mail.example.com'],
    ['MX', '0   MX.Example.com.', '0 mx.example.com'],
    ['MX', '65535 mail.example.com', '65535 mail.example.com'],
    ['TXT', 'v=spf1 include:_spf.example.com ~all', 'v=spf1 include:_spf.example.com ~all'],
    ['TXT', '"quoted" and 中文', '"quoted" and 中文'],
    ['TXT', 'x'.repeat(2000), 'x'.repeat(2000)],
  ];
  it.each(good)('%s %j is stored as %j', (type, raw, stored) => {
    expect(normalizeValue(type, raw)).toEqual({ value: stored });
  });

  const bad: [DnsType, string, RegExp][] = [
    ['A', '', /required/],
    ['A', '256.1.1.1', /IPv4/],
    ['A', '1.2.3', /IPv4/],
    ['A', '1.2.3.4.5', /IPv4/],
    ['A', '01.2.3.4', /IPv4/],
    ['A', 'example.com', /IPv4/],
    ['A', '::1', /IPv4/],
    ['AAAA', '192.0.2.1', /IPv6/],
    ['AAAA', '2001:db8::1::2', /IPv6/],
    ['AAAA', '2001:db8:1:2:3:4:5:6:7', /IPv6/],
    ['AAAA', '2001:db8:1:2:3:4:5', /IPv6/],
    ['AAAA', '12345::', /IPv6/],
    ['AAAA', 'fe80::1%eth0', /IPv6/],
    ['AAAA', 'g::1', /IPv6/],
    ['AAAA', '::ffff:999.0.0.1', /IPv6/],
    ['CNAME', '192.0.2.1', /not an IP address/],
    ['CNAME', 'localhost', /fully qualified/],
    ['CNAME', 'bad_name.example.com', /host name/],
    ['CNAME', '-lead.example.com', /host name/],
    ['CNAME', 'trail-.example.com', /host name/],
    ['CNAME', 'a..example.com', /empty label/],
    ['CNAME', `${'a'.repeat(64)}.example.com`, /longer than 63/],
    ['CNAME', `${'abcdefghi.'.repeat(26)}com`, /at most 253/],
    ['NS', 'ns 1.example.com', /host name/],
    ['MX', 'mail.example.com', /priority host/],
    ['MX', '10', /priority host/],
    ['MX', '-1 mail.example.com', /priority host/],
    ['MX', '65536 mail.example.com', /0 to 65535/],
    ['MX', '10 mail.example.com extra', /priority host/],
    ['MX', '10 192.0.2.1', /not an IP address/],
    ['TXT', 'line\nbreak', /control characters/],
    ['TXT', 'tab\there', /control characters/],
    ['TXT', 'x'.repeat(2001), /at most 2000/],
  ];
  it.each(bad)('%s %j is refused', (type, raw, sentence) => {
    const result = normalizeValue(type, raw);
    expect(result).toHaveProperty('problem');
    expect(english((result as { problem: Said }).problem)).toMatch(sentence);
  });

  it('reads IPv6 groups exactly', () => {
    expect(ipv6Groups('1:2:3:4:5:6:1.2.3.4')).toEqual([1, 2, 3, 4, 5, 6, 0x102, 0x304]);
    expect(ipv6Groups('::')).toEqual([0, 0, 0, 0, 0, 0, 0, 0]);
    expect(ipv6Groups('1.2.3.4')).toBeNull();
  });
});

describe('TXT character strings', () => {
  it('cuts long text into strings of at most 255 bytes, never inside a character', () => {
    expect(txtStrings('short')).toEqual(['short']);
    const long = 'a'.repeat(600);
    expect(txtStrings(long).map((s) => s.length)).toEqual([255, 255, 90]);
    const wide = '中'.repeat(100); // 3 bytes each: 85 per string
    const parts = txtStrings(wide);
    expect(parts.map((s) => Buffer.byteLength(s))).toEqual([255, 45]);
    expect(parts.join('')).toBe(wide);
  });
});

describe('record names and zones', () => {
  it.each([
    ['www.rwa.test', 'rwa.test'],
    ['rwa.test', 'rwa.test'],
    ['api.shop.rwa.test', 'shop.rwa.test'],
    ['example.org', 'example.org'],
    ['notrwa.test', null],
    ['rwa.test.evil.com', null],
  ])('%s is in zone %s', (name, zone) => {
    expect(zoneOf(name, ZONES)).toBe(zone);
  });

  it.each(['_dmarc.rwa.test', 'a-b.rwa.test', '_acme-challenge.www.rwa.test', 'xn--fiqs8s.rwa.test'])(
    '%s is a record name',
    (name) => {
      expect(ownerNameProblem(name)).toBeNull();
    },
  );
  it.each(['', 'a b.rwa.test', '*.rwa.test', 'a..rwa.test', '-a.rwa.test', 'é.rwa.test'])(
    '%j is not a record name',
    (name) => {
      expect(english(ownerNameProblem(name))).toEqual(expect.any(String));
    },
  );

  it('checks the whole record: a name inside a zone, a CNAME off the apex and not to itself, values per type', () => {
    expect(checkRecord({ domain: 'WWW.rwa.test.', type: 'A', value: '192.0.2.1', ttl: 300 }, ZONES)).toEqual({
      record: { domain: 'www.rwa.test', type: 'A', value: '192.0.2.1', ttl: 300 },
    });
    expect(checkRecord({ domain: 'www.other.com', type: 'A', value: '192.0.2.1', ttl: 300 }, ['rwa.test'])).toEqual({
      problems: { domain: say('dns_outside_zone', { zone: 'rwa.test' }) },
    });
    expect(checkRecord({ domain: 'www.other.com', type: 'A', value: '192.0.2.1', ttl: 300 }, ZONES)).toEqual({
      problems: { domain: say('dns_outside_zones', { zones: 'rwa.test, shop.rwa.test, example.org' }) },
    });
    expect(checkRecord({ domain: 'rwa.test', type: 'CNAME', value: 'x.example.com', ttl: 300 }, ZONES)).toEqual({
      problems: { domain: say('dns_cname_at_apex', { zone: 'rwa.test' }) },
    });
    expect(checkRecord({ domain: 'a.rwa.test', type: 'CNAME', value: 'A.rwa.test', ttl: 300 }, ZONES)).toEqual({
      problems: { value: say('dns_cname_self') },
    });
    expect(checkRecord({ domain: 'bad name', type: 'MX', value: 'mail', ttl: 300 }, ZONES)).toEqual({
      problems: { domain: { messageCode: expect.any(String), params: expect.any(Object) }, value: say('dns_mx_value') },
    });
  });
});

describe('records side by side', () => {
  const a = { id: '1', type: 'A', value: '192.0.2.1' };
  const cname = { id: '2', type: 'CNAME', value: 'x.example.com' };
  it.each([
    [{ type: 'A', value: '192.0.2.1' }, [a], 'dns_record_exists'],
    [{ type: 'A', value: '192.0.2.2' }, [a], null],
    [{ type: 'TXT', value: 'hello' }, [a], null],
    [{ type: 'CNAME', value: 'y.example.com' }, [a], 'dns_cname_conflict'],
    [{ type: 'CNAME', value: 'y.example.com' }, [cname], 'dns_cname_conflict'],
    [{ type: 'A', value: '192.0.2.9' }, [cname], 'dns_cname_conflict'],
    [{ type: 'CNAME', value: 'y.example.com' }, [], null],
  ])('%j beside %j: %s', (record, others, code) => {
    const conflict = neighbourConflict({ domain: 'www.rwa.test', ...record }, others);
    expect(conflict?.code ?? null).toBe(code);
  });
});
