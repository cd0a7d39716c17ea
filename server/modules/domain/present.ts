import type {
  DnsQueryLog,
  DnsQuerySource,
  DnsRecord,
  DnsScript,
  DnsScriptLog,
  DnsType,
} from '../../../src/common/domain.js';
import type { dnsQueryLogs, dnsRecords, dnsScriptLogs } from '../../db/schema.js';
import { csvColumn, csvColumns, csvExport } from '../../lib/csv.js';

/** The DNS records list's CSV (GET /api/domain/records/export.csv). */
export const recordCsv = csvExport(
  'dns-records',
  csvColumns<DnsRecord>({
    id: 'text',
    domain: 'text',
    type: 'text',
    value: 'text',
    ttl: 'number',
    isActive: 'bool',
    createdAt: 'date',
    updatedAt: 'date',
  }),
);

/** The query log's CSV (GET /api/domain/query/logs/export.csv); the answers joined by a space. */
export const queryLogCsv = csvExport('dns-query-logs', [
  ...csvColumns<DnsQueryLog>({ id: 'number', domain: 'text', type: 'text', source: 'text', success: 'bool' }),
  csvColumn<DnsQueryLog>('result', 'text', (l) => l.result.join(' ')),
  ...csvColumns<DnsQueryLog>({ error: 'text', durationMs: 'number', createdAt: 'date' }),
]);

/** The script log's CSV (GET /api/domain/script/logs/export.csv); the parameters as their JSON text. */
export const scriptLogCsv = csvExport(
  'dns-script-logs',
  csvColumns<DnsScriptLog>({
    id: 'number',
    scriptName: 'text',
    parameters: 'text',
    success: 'bool',
    output: 'text',
    error: 'text',
    recordId: 'text',
    createdAt: 'date',
  }),
);

export function presentRecord(r: typeof dnsRecords.$inferSelect): DnsRecord {
  return {
    id: r.id,
    domain: r.domain,
    type: r.type as DnsType,
    value: r.value,
    ttl: r.ttl,
    isActive: r.isActive,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

export function presentQueryLog(r: typeof dnsQueryLogs.$inferSelect): DnsQueryLog {
  return {
    id: r.id,
    domain: r.domain,
    type: r.type as DnsType,
    success: r.success,
    result: r.result,
    error: r.error,
    source: r.source as DnsQuerySource,
    durationMs: r.durationMs,
    createdAt: r.createdAt.toISOString(),
  };
}

export function presentScriptLog(r: typeof dnsScriptLogs.$inferSelect): DnsScriptLog {
  return {
    id: r.id,
    scriptName: r.scriptName as DnsScript,
    parameters: r.parameters as Record<string, unknown>,
    success: r.success,
    output: r.output,
    error: r.error,
    recordId: r.recordId,
    createdAt: r.createdAt.toISOString(),
  };
}
