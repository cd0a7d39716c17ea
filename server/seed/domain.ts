import {
  DNS_ZONE_DEFAULT,
  DNS_SCRIPTS,
  DNS_TTL_DEFAULT,
  DNS_TTL_MAX,
  DNS_TTL_MIN,
  DNS_TYPES,
  DNS_QUERY_SOURCES,
  type DnsType,
} from '../../src/common/domain.js';
import { sentenceOf } from '../lib/errors.js';
import { checkRecord, neighbourConflict, type Neighbour } from '../modules/domain/policy.js';
import type { At } from './format.js';
import { first, int, missing, shown, str, userRef, type Ctx, type Rec } from './records.js';
import type { SeedDnsQueryLog, SeedDnsRecord, SeedDnsScriptLog } from './types.js';

/**
 * Domain management's records for parseSeedFile: the managed zones' DNS records (checked as the record screen checks
 * them, against the zones this server manages), the query log and the script log.
 */

/** A date field: missing is null (the caller's default), one that is not a date a problem. */
export function dateOf(ctx: Ctx, at: At, r: Rec, field: string): Date | null {
  const given = first(r, field);
  if (missing(given)) return null;
  const d = ctx.date(given);
  if (!d) ctx.notes.problem(at, field, `${shown(given)} is not a date`, 'used now');
  return d;
}

/** A flag: true or false, missing is `fallback`, anything else a problem. */
export function flag(ctx: Ctx, at: At, r: Rec, field: string, fallback: boolean): boolean {
  const given = r[field];
  if (typeof given === 'boolean') return given;
  if (!missing(given)) ctx.notes.problem(at, field, `${shown(given)} is not true or false`, `used ${fallback}`);
  return fallback;
}

export const DNS_ZONES_DEFAULT = [DNS_ZONE_DEFAULT];

export function parseDnsRecords(
  ctx: Ctx,
  records: Rec[],
  userIds: Set<string>,
  zones: readonly string[],
): SeedDnsRecord[] {
  const byName = new Map<string, Neighbour[]>();
  return records.flatMap((r, i) => {
    const at: At = { collection: 'dnsRecords', index: i, id: r.id };
    const skip = (field: string, message: string) => (ctx.notes.problem(at, field, message, 'skipped the record'), []);
    const type = str(r.type)?.toUpperCase();
    if (!DNS_TYPES.includes(type as DnsType))
      return skip('type', missing(r.type) ? 'missing' : `${shown(r.type)} is not one of ${DNS_TYPES.join(', ')}`);
    const ttl = missing(r.ttl) ? DNS_TTL_DEFAULT : int(r.ttl);
    if (ttl === null || ttl < DNS_TTL_MIN || ttl > DNS_TTL_MAX)
      return skip('ttl', `${shown(r.ttl)} is not a whole number of seconds from ${DNS_TTL_MIN} to ${DNS_TTL_MAX}`);
    const checked = checkRecord(
      { domain: str(r.domain) ?? '', type: type as DnsType, value: str(r.value) ?? '', ttl },
      zones,
    );
    if ('problems' in checked) {
      const [field, said] = Object.entries(checked.problems)[0]!;
      return skip(field, sentenceOf(said));
    }
    const { record } = checked;
    const id = ctx.ids.get('dnsRecords', r.id) ?? ctx.ids.get('dnsRecords', `#${i}`)!;
    const neighbours = byName.get(record.domain) ?? [];
    const conflict = neighbourConflict(record, neighbours);
    if (conflict) return skip(conflict.code === 'dns_record_exists' ? 'value' : 'domain', sentenceOf(conflict.message));
    byName.set(record.domain, [...neighbours, { id, type: record.type, value: record.value }]);
    const created = dateOf(ctx, at, r, 'createdAt') ?? ctx.now;
    return [
      {
        id,
        ...record,
        isActive: flag(ctx, at, r, 'isActive', true),
        createdBy: userRef(ctx, at, r, 'createdBy', userIds),
        createdAt: created,
        updatedAt: dateOf(ctx, at, r, 'updatedAt') ?? created,
      },
    ];
  });
}

export function parseDnsQueryLogs(ctx: Ctx, records: Rec[]): SeedDnsQueryLog[] {
  return records.flatMap((r, i) => {
    const at: At = { collection: 'dnsQueryLogs', index: i, id: r.id };
    const skip = (field: string, message: string) => (ctx.notes.problem(at, field, message, 'skipped the entry'), []);
    const domain = str(r.domain)?.toLowerCase();
    if (!domain) return skip('domain', 'missing');
    const type = str(r.type)?.toUpperCase();
    if (!DNS_TYPES.includes(type as DnsType))
      return skip('type', missing(r.type) ? 'missing' : `${shown(r.type)} is not one of ${DNS_TYPES.join(', ')}`);
    const source = str(r.source)?.toLowerCase();
    if (!DNS_QUERY_SOURCES.includes(source as 'managed'))
      return skip('source', `${shown(r.source)} is not one of ${DNS_QUERY_SOURCES.join(', ')}`);
    const result = r.result ?? [];
    if (!Array.isArray(result) || !result.every((x) => typeof x === 'string'))
      return skip('result', `${shown(r.result)} is not a list of answers as text`);
    const duration = missing(r.durationMs) ? 0 : int(r.durationMs);
    if (duration === null || duration < 0)
      return skip('durationMs', `${shown(r.durationMs)} is not a whole number of at least 0`);
    return [
      {
        domain,
        type: type!,
        source: source!,
        result: result as string[],
        durationMs: duration,
        success: flag(ctx, at, r, 'success', result.length > 0),
        error: str(r.error),
        ip: str(r.ip),
        createdAt: dateOf(ctx, at, r, 'createdAt') ?? ctx.now,
      },
    ];
  });
}

export function parseDnsScriptLogs(ctx: Ctx, records: Rec[], userIds: Set<string>): SeedDnsScriptLog[] {
  return records.flatMap((r, i) => {
    const at: At = { collection: 'dnsScriptLogs', index: i, id: r.id };
    const skip = (field: string, message: string) => (ctx.notes.problem(at, field, message, 'skipped the entry'), []);
    const scriptName = DNS_SCRIPTS.find((s) => s === str(r.scriptName));
    if (!scriptName)
      return skip(
        'scriptName',
        missing(r.scriptName) ? 'missing' : `${shown(r.scriptName)} is not one of ${DNS_SCRIPTS.join(', ')}`,
      );
    const parameters = r.parameters ?? {};
    if (typeof parameters !== 'object' || Array.isArray(parameters))
      return skip('parameters', `${shown(r.parameters)} is not an object`);
    const success = flag(ctx, at, r, 'success', true);
    // A deleted record's id stays in its log line: it names a record of the file or one that is gone.
    const givenRecord = first(r, 'recordId');
    return [
      {
        scriptName,
        parameters,
        success,
        output: str(r.output),
        error: str(r.error),
        recordId: missing(givenRecord) ? null : ctx.ids.get('dnsRecords', givenRecord),
        actorId: userRef(ctx, at, r, 'actorId', userIds),
        createdAt: dateOf(ctx, at, r, 'createdAt') ?? ctx.now,
      },
    ];
  });
}
