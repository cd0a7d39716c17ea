/**
 * Domain management: the managed zone's records (a few switched off), lookups through the resolver (the query log)
 * and the scripts staff ran (the script log). Drawn after everything above, so that adding them changed none of it.
 */
import { faker } from '@faker-js/faker';
import { DNS_ZONE_DEFAULT } from '../../src/common/domain.js';
import { FROM, TO, DAY, iso } from './context.js';
import { staff } from './accounts.js';
import { byDate, admin } from './orders.js';

const ZONE = DNS_ZONE_DEFAULT;
export const operator = staff[2]!;
type DnsPlan = [name: string, type: string, value: string, ttl: number, active: boolean];
const DNS: DnsPlan[] = [
  [ZONE, 'A', '192.0.2.10', 3600, true],
  [ZONE, 'AAAA', '2001:db8::10', 3600, true],
  [`www.${ZONE}`, 'CNAME', ZONE, 3600, true],
  [`shop.${ZONE}`, 'A', '192.0.2.20', 300, true],
  [`mail.${ZONE}`, 'A', '192.0.2.25', 3600, true],
  [ZONE, 'MX', `10 mail.${ZONE}`, 3600, true],
  [ZONE, 'TXT', 'v=spf1 mx -all', 3600, true],
  [`_dmarc.${ZONE}`, 'TXT', `v=DMARC1; p=quarantine; rua=mailto:dmarc@${ZONE}`, 3600, true],
  [`api.${ZONE}`, 'A', '192.0.2.30', 300, true],
  [`staging.${ZONE}`, 'A', '192.0.2.99', 300, false],
  [`old-shop.${ZONE}`, 'CNAME', `shop.${ZONE}`, 300, false],
  [`beta.${ZONE}`, 'AAAA', '2001:db8::99', 300, false],
];
export const dnsRecords = DNS.map(([domain, type, value, ttl, isActive], i) => {
  const created = FROM - 30 * DAY + i * 6 * DAY;
  const changed = isActive ? created : faker.number.int({ min: created + DAY, max: TO - 10 * DAY });
  return {
    id: faker.string.uuid(),
    domain,
    type,
    value,
    ttl,
    isActive,
    createdBy: (i % 3 ? operator : admin).id,
    createdAt: iso(created),
    updatedAt: iso(changed),
  };
});
const answers = (name: string, type: string) =>
  dnsRecords.filter((r) => r.isActive && r.domain === name && r.type === type).map((r) => r.value);
const LOOKUPS: [string, string][] = [
  [ZONE, 'A'],
  [`www.${ZONE}`, 'CNAME'],
  [`shop.${ZONE}`, 'A'],
  [ZONE, 'MX'],
  [ZONE, 'TXT'],
  [`staging.${ZONE}`, 'A'],
  [`nope.${ZONE}`, 'A'],
];
export const dnsQueryLogs = Array.from({ length: 36 }, () => {
  const external = faker.datatype.boolean(0.25);
  const [domain, type] = external
    ? [faker.helpers.arrayElement(['example.com', 'example.org', 'iana.org']), 'A']
    : faker.helpers.arrayElement(LOOKUPS);
  const result = external
    ? [`93.184.${faker.number.int({ min: 0, max: 255 })}.${faker.number.int({ min: 1, max: 254 })}`]
    : answers(domain, type);
  return {
    domain,
    type,
    success: result.length > 0,
    result,
    ...(result.length ? {} : { error: `No ${type} record for ${domain}.` }),
    source: external ? 'system' : 'managed',
    durationMs: external ? faker.number.int({ min: 8, max: 120 }) : faker.number.int({ min: 0, max: 3 }),
    ip: faker.internet.ipv4(),
    createdAt: iso(faker.number.int({ min: TO - 60 * DAY, max: TO })),
  };
}).sort(byDate);
const [api, staging] = [dnsRecords[8]!, dnsRecords[9]!];
export const dnsScriptLogs = [
  {
    scriptName: 'Create DNS Record',
    parameters: { domain: api.domain, type: 'A', value: '192.0.2.31', ttl: 300 },
    success: true,
    output: `Created A record ${api.domain} → 192.0.2.31 (TTL 300).`,
    recordId: api.id,
    actorId: operator.id,
    createdAt: api.createdAt,
  },
  {
    scriptName: 'Update DNS Record',
    parameters: { domain: api.domain, type: 'A', value: api.value },
    success: true,
    output: `Updated A record ${api.domain}: 192.0.2.31 → ${api.value} (TTL 300).`,
    recordId: api.id,
    actorId: operator.id,
    createdAt: iso(Date.parse(api.createdAt) + DAY),
  },
  {
    scriptName: 'Create DNS Record',
    parameters: { domain: `www.${ZONE}`, type: 'A', value: '192.0.2.10' },
    success: false,
    error: `www.${ZONE} has a CNAME record: no other record can share its name.`,
    actorId: operator.id,
    createdAt: iso(TO - 40 * DAY),
  },
  {
    scriptName: 'Delete DNS Record',
    parameters: { domain: `test.${ZONE}`, type: 'A', value: '192.0.2.98' },
    success: true,
    output: `Deleted A record test.${ZONE} → 192.0.2.98.`,
    recordId: faker.string.uuid(),
    actorId: admin.id,
    createdAt: iso(TO - 20 * DAY),
  },
  {
    scriptName: 'Delete DNS Record',
    parameters: { domain: staging.domain, type: 'A', value: '192.0.2.1' },
    success: false,
    error: `No A record ${staging.domain} → 192.0.2.1 to delete.`,
    actorId: admin.id,
    createdAt: iso(TO - 5 * DAY),
  },
];
