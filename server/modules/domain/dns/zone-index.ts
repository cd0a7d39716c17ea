/**
 * The data the DNS worker answers from, by name: the managed records the main thread sent, plus what the
 * configuration makes: each zone's apex NS records (DNS_NAMESERVERS, served beside managed NS records stored at the
 * apex) and the A/AAAA record of each name server given with an address whose name lies in a managed zone.
 */
import { isIPv4 } from 'node:net';
import type { DnsType } from '../../../../src/common/domain.js';
import type { NameServer } from '../../../config.js';
import { zoneOf } from '../names.js';

export type RecordRow = { domain: string; type: DnsType; value: string; ttl: number };

export type ZoneIndex = {
  /** Records by name, the configured ones first. */
  byName: Map<string, RecordRow[]>;
  /** Every name that exists: record names and the names between them and their zone (empty non-terminals). */
  names: Set<string>;
  /** The zones' SOA serial. */
  serial: number;
  /** The configured name server names; the first is the SOA's primary (MNAME). */
  nameservers: string[];
};

/** The TTL of the NS and glue records the configuration makes: they change with a restart, rarely. */
export const NAMESERVER_TTL = 3600;

export function buildIndex(
  rows: readonly RecordRow[],
  serial: number,
  zones: readonly string[],
  nameservers: readonly NameServer[],
): ZoneIndex {
  const byName = new Map<string, RecordRow[]>();
  const add = (record: RecordRow) => {
    const list = byName.get(record.domain) ?? [];
    if (!list.some((r) => r.type === record.type && r.value === record.value)) list.push(record);
    byName.set(record.domain, list);
  };
  for (const zone of zones) {
    for (const ns of nameservers) add({ domain: zone, type: 'NS', value: ns.name, ttl: NAMESERVER_TTL });
  }
  for (const ns of nameservers) {
    if (ns.address && zoneOf(ns.name, zones))
      add({ domain: ns.name, type: isIPv4(ns.address) ? 'A' : 'AAAA', value: ns.address, ttl: NAMESERVER_TTL });
  }
  for (const row of rows) add(row);
  const names = new Set<string>();
  for (const domain of byName.keys()) {
    for (let name = domain; name && !names.has(name); name = name.slice(name.indexOf('.') + 1 || name.length))
      names.add(name);
  }
  return { byName, names, serial, nameservers: nameservers.map((ns) => ns.name) };
}
