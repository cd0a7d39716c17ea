/**
 * Where a webhook may be sent (SSRF): https only, and never to a loopback, private, link-local, shared, multicast,
 * reserved or cloud-metadata address, nor to a name that resolves to one. The check runs when an endpoint is saved
 * and again at each delivery, on the very addresses the connection then uses (`safeLookup`), so a name that
 * changes its answer (DNS rebinding) cannot reach the inside. WEBHOOK_ALLOW_INSECURE=true lifts both rules, for
 * development and tests only.
 */
import dns from 'node:dns';
import net from 'node:net';
import type { LookupFunction } from 'node:net';
import { say, type Said } from '../../lib/errors.js';

const blocked = new net.BlockList();
for (const [net4, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  blocked.addSubnet(net4, prefix, 'ipv4');
for (const [net6, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const)
  blocked.addSubnet(net6, prefix, 'ipv6');

/** Whether an IP address is one a webhook may not reach (an IPv4-mapped IPv6 address counts as its IPv4 one). */
export function isPrivateAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 4) return blocked.check(address, 'ipv4');
  if (family !== 6) return true;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return blocked.check(mapped[1]!, 'ipv4');
  return blocked.check(address, 'ipv6');
}

const hostOf = (url: URL) => url.hostname.replace(/^\[|\]$/g, '');

/** What is wrong with a webhook URL as written, or null (its name is resolved by `resolveRefusal`). */
export function urlRefusal(raw: string, allowInsecure: boolean): Said | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return say('webhook_url_invalid');
  }
  if (url.protocol !== 'https:' && !(allowInsecure && url.protocol === 'http:'))
    return say(allowInsecure ? 'webhook_url_http' : 'webhook_url_https');
  if (url.username || url.password) return say('webhook_url_credentials');
  if (allowInsecure) return null;
  const host = hostOf(url).toLowerCase();
  if (net.isIP(host)) return isPrivateAddress(host) ? say('webhook_url_private', { host }) : null;
  if (host === 'localhost' || host.endsWith('.localhost') || host.endsWith('.internal') || !host.includes('.'))
    return say('webhook_url_private', { host });
  return null;
}

/** Resolves the URL's name: a refusal when it has no address or any of its addresses is private; null when fine. */
export async function resolveRefusal(raw: string, allowInsecure: boolean, timeoutMs = 5000): Promise<Said | null> {
  const first = urlRefusal(raw, allowInsecure);
  if (first || allowInsecure) return first;
  const host = hostOf(new URL(raw));
  if (net.isIP(host)) return null;
  const found = await Promise.race([
    dns.promises.lookup(host, { all: true, verbatim: true }).catch(() => null),
    new Promise<null>((resolve) => setTimeout(() => resolve(null), timeoutMs).unref()),
  ]);
  if (!found || found.length === 0) return say('webhook_url_unresolved', { host });
  if (found.some((a) => isPrivateAddress(a.address))) return say('webhook_url_private', { host });
  return null;
}

/** The connection's lookup: the name's addresses, refused if any is private (the rule checked at delivery). */
export const safeLookup: LookupFunction = (hostname, options, callback) => {
  dns.lookup(hostname, { ...options, all: true, verbatim: true }, (err, addresses) => {
    if (err) return callback(err, '', 4);
    const list = addresses as dns.LookupAddress[];
    const bad = list.find((a) => isPrivateAddress(a.address));
    if (bad || list.length === 0) {
      const refused = Object.assign(new Error(`The address of ${hostname} is private: refused.`), {
        code: 'WEBHOOK_PRIVATE_ADDRESS',
      });
      return callback(refused, '', 4);
    }
    if (options.all) return (callback as (e: null, a: dns.LookupAddress[]) => void)(null, list);
    callback(null, list[0]!.address, list[0]!.family);
  });
};
