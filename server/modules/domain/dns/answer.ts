/**
 * The answer to one question, as the authoritative server of `zones`: names outside them are REFUSED (no recursion);
 * a name at or under a delegation gets a referral; a name in a zone without records is NXDOMAIN, a name with records
 * of other types only NODATA, both with the zone's SOA for negative caching. The apex has the SOA and the NS records.
 */
import type { Answer, Question } from 'dns-packet';
import { normalizeName, txtStrings, zoneOf } from '../names.js';
import { refers, zoneCut } from './delegation.js';
import { RCODE } from './wire.js';
import type { RecordRow, ZoneIndex } from './zone-index.js';

/** How long a negative answer may be cached (the SOA's minimum and TTL): short, since records change from the screen. */
const NEGATIVE_TTL = 60;
/** CNAMEs followed inside the zones before giving up (a loop, or a long chain). */
const MAX_CHAIN = 8;

export type Outcome = {
  rcode: number;
  authoritative: boolean;
  answers: Answer[];
  authorities: Answer[];
  additionals: Answer[];
  /** A referral: its glue (in the additional section) must not be dropped silently to make the reply fit. */
  referral: boolean;
};

function resource(owner: string, r: RecordRow): Answer {
  const base = { name: owner, class: 'IN' as const, ttl: r.ttl };
  switch (r.type) {
    case 'A':
    case 'AAAA':
    case 'CNAME':
    case 'NS':
      return { ...base, type: r.type, data: r.value };
    case 'MX': {
      const [preference, exchange] = r.value.split(' ');
      return { ...base, type: 'MX', data: { preference: Number(preference), exchange: exchange! } };
    }
    case 'TXT':
      return { ...base, type: 'TXT', data: txtStrings(r.value) };
  }
}

function soa(owner: string, zone: string, index: ZoneIndex): Answer {
  return {
    name: owner,
    type: 'SOA',
    class: 'IN',
    ttl: NEGATIVE_TTL,
    data: {
      mname: index.nameservers[0] ?? `ns1.${zone}`,
      rname: `hostmaster.${zone}`,
      serial: index.serial,
      refresh: 3600,
      retry: 600,
      expire: 604_800,
      minimum: NEGATIVE_TTL,
    },
  };
}

/** The A and AAAA records held for the targets of `ns`, as additional data. */
const glue = (ns: readonly RecordRow[], index: ZoneIndex) =>
  ns.flatMap((r) =>
    (index.byName.get(r.value) ?? [])
      .filter((g) => g.type === 'A' || g.type === 'AAAA')
      .map((g) => resource(r.value, g)),
  );

const hasNsIn = (index: ZoneIndex) => (name: string) => index.byName.get(name)?.some((r) => r.type === 'NS') ?? false;

export function answerQuestion(question: Question, zones: readonly string[], index: ZoneIndex | null): Outcome {
  const out: Outcome = {
    rcode: RCODE.NOERROR,
    authoritative: false,
    answers: [],
    authorities: [],
    additionals: [],
    referral: false,
  };
  const name = normalizeName(question.name);
  const zone = zoneOf(name, zones);
  if (!zone || (question.class !== 'IN' && question.class !== 'ANY')) return { ...out, rcode: RCODE.REFUSED };
  if (!index) return { ...out, rcode: RCODE.SERVFAIL };
  const hasNs = hasNsIn(index);
  const cut = zoneCut(name, zone, hasNs);
  if (refers(name, question.type, cut)) {
    const ns = index.byName.get(cut)!.filter((r) => r.type === 'NS');
    return { ...out, authorities: ns.map((r) => resource(cut, r)), additionals: glue(ns, index), referral: true };
  }
  out.authoritative = true;
  const wanted: string = question.type;
  let current = name;
  let owner = question.name;
  for (let hop = 0; hop <= MAX_CHAIN; hop += 1) {
    const currentZone = zoneOf(current, zones)!;
    const apex = current === currentZone;
    const records = index.byName.get(current) ?? [];
    const matching = records.filter((r) => wanted === 'ANY' || r.type === wanted);
    if (apex && (wanted === 'SOA' || wanted === 'ANY')) out.answers.push(soa(owner, current, index));
    if (matching.length || (apex && wanted === 'SOA')) {
      out.answers.push(...matching.map((r) => resource(owner, r)));
      if (wanted === 'NS') out.additionals.push(...glue(matching, index));
      return out;
    }
    const cname = records.find((r) => r.type === 'CNAME');
    if (!cname) {
      if (hop === 0 && !apex && !index.names.has(current)) out.rcode = RCODE.NXDOMAIN;
      // NODATA (or the end of a chain): the SOA of the zone of the last name asked about.
      out.authorities.push(soa(currentZone, currentZone, index));
      return out;
    }
    out.answers.push(resource(owner, cname));
    // Follow the alias while it stays in the zones' own data; a resolver follows it elsewhere (or below a cut) itself.
    const targetZone = zoneOf(cname.value, zones);
    if (!targetZone || zoneCut(cname.value, targetZone, hasNs)) return out;
    current = cname.value;
    owner = cname.value;
  }
  return out;
}
