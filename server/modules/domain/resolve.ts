/**
 * GET /api/domain/resolve: the managed records first (our zones are answered from them alone: we are their
 * authority), any other name through the system's resolver with a timeout; every resolution is written to the query log.
 */
import { Resolver } from 'node:dns/promises';
import { and, eq } from 'drizzle-orm';
import type { DnsAnswer, DnsQuerySource, DnsResolution, DnsType } from '../../../src/common/domain.js';
import type { DnsConfig } from '../../config.js';
import type { Db, Queryable } from '../../db/client.js';
import { dnsQueryLogs, dnsRecords } from '../../db/schema.js';
import { invalidField, messageOf } from '../../lib/errors.js';
import { normalizeName, ownerNameProblem, zoneOf } from './policy.js';

const MAX_CHAIN = 8;

type Outcome = { source: DnsQuerySource; records: DnsAnswer[]; error: string | null };

async function activeAt(db: Queryable, name: string) {
  return db
    .select({ type: dnsRecords.type, value: dnsRecords.value, ttl: dnsRecords.ttl })
    .from(dnsRecords)
    .where(and(eq(dnsRecords.domain, name), eq(dnsRecords.isActive, true)));
}

/** From the managed records: the records of the type, or a CNAME chain to them; null when there is nothing managed to say. */
async function fromManaged(db: Queryable, name: string, type: DnsType, config: ResolveConfig): Promise<Outcome | null> {
  const { zones } = config;
  const answers: DnsAnswer[] = [];
  let current = name;
  for (let hop = 0; hop <= MAX_CHAIN; hop += 1) {
    const records = await activeAt(db, current);
    const matching = records.filter((r) => r.type === type);
    if (matching.length) {
      answers.push(...matching.map((r) => ({ name: current, type, value: r.value, ttl: r.ttl })));
      return { source: 'managed', records: answers, error: null };
    }
    const cname = records.find((r) => r.type === 'CNAME');
    if (cname && type !== 'CNAME') {
      answers.push({ name: current, type: 'CNAME', value: cname.value, ttl: cname.ttl });
      current = cname.value;
      if (!zoneOf(current, zones) && hop < MAX_CHAIN) {
        // The alias leaves our zones: the system resolver answers for its target.
        const rest = await fromSystem(current, type, config);
        return { source: 'managed', records: [...answers, ...rest.records], error: rest.error };
      }
      continue;
    }
    if (hop > 0) return { source: 'managed', records: answers, error: `${current} has no ${type} record.` };
    if (!zoneOf(name, zones)) return null;
    const exists = records.length > 0 || name === zoneOf(name, zones);
    return {
      source: 'managed',
      records: [],
      error: exists
        ? `${name} has no active ${type} record.`
        : `${name} does not exist in the managed zone ${zoneOf(name, zones)}.`,
    };
  }
  return { source: 'managed', records: answers, error: `Too many CNAME records in a chain from ${name}.` };
}

/** Where and how long the system path asks (DNS_RESOLVERS, DNS_RESOLVE_TIMEOUT_MS), and the managed zones. */
type ResolveConfig = Pick<DnsConfig, 'resolvers' | 'resolveTimeoutMs' | 'zones'>;

const REASONS: Record<string, (name: string, type: DnsType) => string> = {
  ENOTFOUND: (name) => `${name} does not exist.`,
  ENODATA: (name, type) => `${name} has no ${type} record.`,
  ETIMEOUT: () => 'the DNS servers did not answer in time.',
  ECANCELLED: () => 'the DNS servers did not answer in time.',
  ECONNREFUSED: () => 'the DNS servers refused the connection.',
  ESERVFAIL: () => 'the DNS server failed to answer.',
  EREFUSED: () => 'the DNS server refused the query.',
  ENOTIMP: () => 'the DNS server does not do this kind of query.',
};

/** Through the system's resolver (or DNS_RESOLVERS), failing after the timeout instead of hanging. */
async function fromSystem(name: string, type: DnsType, config: ResolveConfig): Promise<Outcome> {
  const timeoutMs = config.resolveTimeoutMs;
  const resolver = new Resolver({ timeout: Math.max(100, Math.floor(timeoutMs / 2)), tries: 2 });
  if (config.resolvers?.length) resolver.setServers(config.resolvers);
  const timer = setTimeout(() => resolver.cancel(), timeoutMs);
  try {
    const records = await lookup(resolver, name, type);
    return { source: 'system', records, error: null };
  } catch (err) {
    const code = (err as { code?: string }).code ?? '';
    const reason = REASONS[code]?.(name, type) ?? messageOf(err);
    return { source: 'system', records: [], error: `Could not resolve ${name}: ${reason}` };
  } finally {
    clearTimeout(timer);
  }
}

async function lookup(resolver: Resolver, name: string, type: DnsType): Promise<DnsAnswer[]> {
  const at = (value: string, ttl: number | null = null): DnsAnswer => ({ name, type, value, ttl });
  switch (type) {
    case 'A':
      return (await resolver.resolve4(name, { ttl: true })).map((r) => at(r.address, r.ttl));
    case 'AAAA':
      return (await resolver.resolve6(name, { ttl: true })).map((r) => at(r.address, r.ttl));
    case 'CNAME':
      return (await resolver.resolveCname(name)).map((v) => at(v));
    case 'NS':
      return (await resolver.resolveNs(name)).map((v) => at(v));
    case 'MX':
      return (await resolver.resolveMx(name))
        .sort((a, b) => a.priority - b.priority)
        .map((r) => at(`${r.priority} ${r.exchange}`));
    case 'TXT':
      return (await resolver.resolveTxt(name)).map((chunks) => at(chunks.join('')));
  }
}

/** Resolves `domain` for `type` and writes the resolution to the query log. */
export async function resolveDomain(
  db: Db,
  domain: string,
  type: DnsType,
  config: ResolveConfig,
  ip: string | null,
): Promise<DnsResolution> {
  const name = normalizeName(domain);
  const problem = ownerNameProblem(name);
  if (problem) throw invalidField('domain', problem, { domain: problem }, 'path parameter');
  const started = performance.now();
  const outcome = (await fromManaged(db, name, type, config)) ?? (await fromSystem(name, type, config));
  const durationMs = Math.round(performance.now() - started);
  const success = outcome.error === null && outcome.records.length > 0;
  const error = success ? null : (outcome.error ?? `${name} has no ${type} record.`);
  await db.insert(dnsQueryLogs).values({
    domain: name,
    type,
    success,
    result: outcome.records.map((r) => (r.type === type ? r.value : `${r.type} ${r.value}`)),
    error,
    source: outcome.source,
    durationMs,
    ip,
  });
  return { success, domain: name, type, source: outcome.source, records: outcome.records, error, durationMs };
}
