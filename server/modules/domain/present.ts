import type { DnsQueryLog, DnsQuerySource, DnsRecord, DnsScriptLog, DnsType } from '../../../src/common/domain.js';
import type { dnsQueryLogs, dnsRecords, dnsScriptLogs } from '../../db/schema.js';
import { csvColumns } from '../../lib/csv.js';

/** The DNS records list's CSV (GET /api/domain/records/export.csv). */
export const recordCsv = csvColumns<DnsRecord>({
  id: 'text', domain: 'text', type: 'text', value: 'text', ttl: 'number', isActive: 'bool', createdAt: 'date', updatedAt: 'date',
});

export function presentRecord(r: typeof dnsRecords.$inferSelect): DnsRecord {
  return {
    id: r.id, domain: r.domain, type: r.type as DnsType, value: r.value, ttl: r.ttl, isActive: r.isActive,
    createdAt: r.createdAt.toISOString(), updatedAt: r.updatedAt.toISOString(),
  };
}

export function presentQueryLog(r: typeof dnsQueryLogs.$inferSelect): DnsQueryLog {
  return {
    id: r.id, domain: r.domain, type: r.type, success: r.success, result: r.result, error: r.error,
    source: r.source as DnsQuerySource, durationMs: r.durationMs, createdAt: r.createdAt.toISOString(),
  };
}

export function presentScriptLog(r: typeof dnsScriptLogs.$inferSelect): DnsScriptLog {
  return {
    id: r.id, scriptName: r.scriptName, parameters: r.parameters as Record<string, unknown>, success: r.success,
    output: r.output, error: r.error, recordId: r.recordId, createdAt: r.createdAt.toISOString(),
  };
}
