/**
 * Domain management's pure rules: what a DNS record's name and value may be for its type, which zone a name is in,
 * and which records cannot live side by side (a CNAME owns its name alone; the same record twice is one too many).
 * Staff read the records, admins and operators write them (RESOURCES['domain-management']).
 */
import { TXT_MAX_LENGTH, type DnsType } from '../../../src/common/domain.js';
import { term } from '../../../src/common/errors-catalogue.js';
import { say, type Said } from '../../lib/errors.js';
import { resourceAccess } from '../../lib/access.js';
import { normalizeName, zoneOf } from './names.js';

export { normalizeName, txtStrings, zoneOf } from './names.js';

export const domainAccess = resourceAccess('domain-management');

const MAX_NAME = 253;
const MAX_LABEL = 63;

function labelsProblem(name: string, label: string, allowUnderscore: boolean): Said | null {
  if (!name) return say('dns_name_required', { label });
  if (name.length > MAX_NAME) return say('dns_name_too_long', { label, max: MAX_NAME });
  const labels = name.split('.');
  const pattern = allowUnderscore ? /^[a-z0-9_]([a-z0-9_-]*[a-z0-9_])?$/ : /^[a-z0-9]([a-z0-9-]*[a-z0-9])?$/;
  for (const part of labels) {
    if (!part) return say('dns_name_empty_label', { label });
    if (part.length > MAX_LABEL) return say('dns_label_too_long', { label, max: MAX_LABEL, start: part.slice(0, 20) });
    if (!pattern.test(part)) {
      return say('dns_label_characters', { label, underscores: allowUnderscore ? ', underscores' : '', part });
    }
  }
  return null;
}

/** Why `name` (already normalized) is not a record's name, or null. Underscores are allowed (_dmarc, _acme-challenge). */
export const ownerNameProblem = (name: string) => labelsProblem(name, term('dns_domain'), true);

/**
 * Why `host` (already normalized) is not a host name a record may point to (CNAME, NS, MX): at least two labels of
 * letters, digits and hyphens, the last not all digits (so an IP address is refused), or null.
 */
export function targetHostProblem(host: string, label: string): Said | null {
  const problem = labelsProblem(host, label, false);
  if (problem) return problem;
  const labels = host.split('.');
  if (labels.length < 2) return say('dns_name_not_qualified', { label });
  if (/^\d+$/.test(labels.at(-1)!)) return say('dns_name_is_ip', { label });
  return null;
}

/** Dotted decimal, four parts 0–255 without leading zeros (an "010" would read as octal to some software). */
export function isIPv4(value: string): boolean {
  const parts = value.split('.');
  return parts.length === 4 && parts.every((p) => /^(0|[1-9]\d{0,2})$/.test(p) && Number(p) <= 255);
}

/** The eight 16-bit groups of an IPv6 address (with `::` and an IPv4 tail allowed), or null when it is not one. */
export function ipv6Groups(value: string): number[] | null {
  if (!/^[0-9a-fA-F:.]+$/.test(value) || value.length > 45) return null;
  let text = value;
  const tail: number[] = [];
  const lastColon = text.lastIndexOf(':');
  if (text.includes('.')) {
    const v4 = text.slice(lastColon + 1);
    if (!isIPv4(v4)) return null;
    const [a, b, c, d] = v4.split('.').map(Number) as [number, number, number, number];
    tail.push((a << 8) | b, (c << 8) | d);
    // "::1.2.3.4" leaves "::", "::ffff:1.2.3.4" leaves "::ffff", "1:2:3:4:5:6:1.2.3.4" leaves "1:2:3:4:5:6".
    text = text.slice(0, lastColon + 1);
    if (text.endsWith(':') && !text.endsWith('::')) text = text.slice(0, -1);
  }
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const groupsOf = (s: string) => (s === '' ? [] : s.split(':'));
  const head = groupsOf(halves[0]!);
  const rest = halves.length === 2 ? groupsOf(halves[1]!) : [];
  const all = [...head, ...rest];
  if (!all.every((g) => /^[0-9a-fA-F]{1,4}$/.test(g))) return null;
  const explicit = all.length + tail.length;
  if (halves.length === 1 ? explicit !== 8 : explicit > 7) return null;
  const zeros = halves.length === 2 ? new Array<number>(8 - explicit).fill(0) : [];
  return [...head.map((g) => parseInt(g, 16)), ...zeros, ...rest.map((g) => parseInt(g, 16)), ...tail];
}

/** RFC 5952's text form: lower case, no leading zeros, the longest run of two or more zero groups as "::". */
export function canonicalIPv6(groups: number[]): string {
  let bestStart = -1;
  let bestLen = 0;
  for (let i = 0; i < 8;) {
    if (groups[i] !== 0) {
      i += 1;
      continue;
    }
    let j = i;
    while (j < 8 && groups[j] === 0) j += 1;
    if (j - i > bestLen && j - i >= 2) {
      bestStart = i;
      bestLen = j - i;
    }
    i = j;
  }
  const hex = groups.map((g) => g.toString(16));
  if (bestStart < 0) return hex.join(':');
  return `${hex.slice(0, bestStart).join(':')}::${hex.slice(bestStart + bestLen).join(':')}`;
}

// eslint-disable-next-line no-control-regex -- refusing control characters is the point
const CONTROL = /[\u0000-\u001f\u007f]/;

/** The value of a record of `type` in its stored form, or the sentence saying why it is not one. */
export function normalizeValue(type: DnsType, raw: string): { value: string } | { problem: Said } {
  const value = raw.trim();
  if (!value) return { problem: say('dns_value_required') };
  switch (type) {
    case 'A':
      return isIPv4(value) ? { value } : { problem: say('dns_a_value') };
    case 'AAAA': {
      const groups = ipv6Groups(value);
      return groups ? { value: canonicalIPv6(groups) } : { problem: say('dns_aaaa_value') };
    }
    case 'CNAME':
    case 'NS': {
      const host = normalizeName(value);
      const problem = targetHostProblem(host, term(type === 'NS' ? 'dns_ns_value' : 'dns_cname_value'));
      return problem ? { problem } : { value: host };
    }
    case 'MX': {
      const match = /^(\d{1,5})\s+(\S+)$/.exec(value);
      if (!match) return { problem: say('dns_mx_value') };
      const priority = Number(match[1]);
      if (priority > 65_535) return { problem: say('dns_mx_priority') };
      const host = normalizeName(match[2]!);
      const problem = targetHostProblem(host, term('dns_mx_host'));
      return problem ? { problem } : { value: `${priority} ${host}` };
    }
    case 'TXT':
      if (CONTROL.test(value)) return { problem: say('dns_txt_control') };
      if ([...value].length > TXT_MAX_LENGTH) return { problem: say('dns_txt_too_long', { max: TXT_MAX_LENGTH }) };
      return { value };
  }
}

export type RecordInput = { domain: string; type: DnsType; value: string; ttl: number };

/**
 * A record as it would be stored, or each field's sentence: the name a host name inside a managed zone (a CNAME
 * not at the zone's apex, which holds the zone's SOA and NS), the value right for the type.
 */
export function checkRecord(
  input: RecordInput,
  zones: readonly string[],
): { record: RecordInput } | { problems: Record<string, Said> } {
  const problems: Record<string, Said> = {};
  const domain = normalizeName(input.domain);
  const nameProblem = ownerNameProblem(domain);
  const zone = nameProblem ? null : zoneOf(domain, zones);
  if (nameProblem) problems.domain = nameProblem;
  else if (!zone)
    problems.domain =
      zones.length === 1
        ? say('dns_outside_zone', { zone: zones[0]! })
        : say('dns_outside_zones', { zones: zones.join(', ') });
  else if (input.type === 'CNAME' && domain === zone) problems.domain = say('dns_cname_at_apex', { zone });
  const value = normalizeValue(input.type, input.value);
  if ('problem' in value) problems.value = value.problem;
  else if (input.type === 'CNAME' && value.value === domain) problems.value = say('dns_cname_self');
  if (Object.keys(problems).length) return { problems };
  return { record: { domain, type: input.type, ttl: input.ttl, value: (value as { value: string }).value } };
}

export type Neighbour = { id: string; type: string; value: string };

/**
 * Why `record` cannot join the records already at its name (`others`, without the record itself when it is being
 * edited), or null: the same record twice, or a CNAME beside anything else (RFC 1034 §3.6.2).
 */
export function neighbourConflict(
  record: { domain: string; type: string; value: string },
  others: readonly Neighbour[],
): { code: string; message: Said } | null {
  if (others.some((o) => o.type === record.type && o.value === record.value)) {
    return {
      code: 'dns_record_exists',
      message: say('dns_record_exists', { type: record.type, domain: record.domain, value: record.value }),
    };
  }
  if (record.type === 'CNAME' && others.length) {
    const types = [...new Set(others.map((o) => o.type))].join(', ');
    return {
      code: 'dns_cname_conflict',
      message: say('dns_cname_conflict', { domain: record.domain, types, plural: others.length === 1 ? '' : 's' }),
    };
  }
  if (record.type !== 'CNAME' && others.some((o) => o.type === 'CNAME')) {
    return { code: 'dns_cname_conflict', message: say('dns_cname_beside_cname', { domain: record.domain }) };
  }
  return null;
}
