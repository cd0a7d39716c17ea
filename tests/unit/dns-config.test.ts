import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.js';

describe("the DNS server's configuration", () => {
  it('listens on 127.0.0.1 with ns1.<first zone> at that address, and limits 50 replies a second with every 2nd slipped', () => {
    expect(loadConfig({ DNS_ZONES: 'example.com,rwa.test' }).dns).toMatchObject({
      host: '127.0.0.1',
      nameservers: [{ name: 'ns1.example.com', address: '127.0.0.1' }],
      rrl: { perSecond: 50, slip: 2 },
    });
  });

  it('gives the default name server no address when listening on every address', () => {
    expect(loadConfig({ DNS_HOST: '0.0.0.0' }).dns.nameservers).toEqual([{ name: 'ns1.rwa.test', address: null }]);
    expect(loadConfig({ DNS_HOST: '::1' }).dns.nameservers).toEqual([{ name: 'ns1.rwa.test', address: '::1' }]);
  });

  it('reads DNS_NAMESERVERS as names, each with an optional address', () => {
    expect(
      loadConfig({ DNS_NAMESERVERS: ' NS1.rwa.test.=192.0.2.53 , ns2.example.net,ns3.rwa.test=2001:db8::53' }).dns
        .nameservers,
    ).toEqual([
      { name: 'ns1.rwa.test', address: '192.0.2.53' },
      { name: 'ns2.example.net', address: null },
      { name: 'ns3.rwa.test', address: '2001:db8::53' },
    ]);
  });

  it('refuses a DNS_HOST that is not an address and name servers that are not host names or addresses', () => {
    expect(() => loadConfig({ DNS_HOST: 'localhost' })).toThrow(/DNS_HOST must be an IP address/);
    for (const bad of ['ns1', 'ns1.rwa.test=300.1.1.1', 'ns1.rwa.test=1.2.3.4=5', ',']) {
      expect(() => loadConfig({ DNS_NAMESERVERS: bad }), bad).toThrow(/DNS_NAMESERVERS must be/);
    }
    expect(() => loadConfig({ DNS_RRL_PER_SECOND: '-1' })).toThrow(/DNS_RRL_PER_SECOND/);
  });
});
