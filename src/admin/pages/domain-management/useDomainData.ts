import { useQuery } from '@tanstack/react-query';
import type { DnsQueryLogList, DnsRecordList, DnsScriptLogList } from '../../../common/domain';
import { apiGet, toQuery } from '../../../lib/api';

/** Rows a page of records or logs shows. */
export const PAGE = 50;

export type RecordFilter = { q: string; type: string; status: string; page: number };
export type LogFilter = { q: string; outcome: string; type?: string; source?: string; scriptName?: string; page: number };

/** Each list's filters as its query (paging left out): what a page asks for and what its CSV export asks for. */
export const recordQuery = (f: RecordFilter) => ({ q: f.q || undefined, type: f.type || undefined, status: f.status || undefined, sort: 'domain', order: 'asc' });
export const queryLogQuery = (f: LogFilter) => ({ q: f.q || undefined, outcome: f.outcome || undefined, type: f.type || undefined, source: f.source || undefined });
export const scriptLogQuery = (f: LogFilter) => ({ q: f.q || undefined, outcome: f.outcome || undefined, scriptName: f.scriptName || undefined });

/** The records of the filter (with the counts over all records and the zones); react-admin's refresh refetches it. */
export function useRecords(f: RecordFilter) {
  return useQuery({
    queryKey: ['domain', 'records', f],
    queryFn: () => apiGet<DnsRecordList>(`/api/domain/records${toQuery({ ...recordQuery(f), limit: PAGE, offset: f.page * PAGE })}`),
  });
}

export function useQueryLogs(f: LogFilter) {
  return useQuery({
    queryKey: ['domain', 'query-logs', f],
    queryFn: () => apiGet<DnsQueryLogList>(`/api/domain/query/logs${toQuery({ ...queryLogQuery(f), limit: PAGE, offset: f.page * PAGE })}`),
  });
}

export function useScriptLogs(f: LogFilter) {
  return useQuery({
    queryKey: ['domain', 'script-logs', f],
    queryFn: () => apiGet<DnsScriptLogList>(`/api/domain/script/logs${toQuery({ ...scriptLogQuery(f), limit: PAGE, offset: f.page * PAGE })}`),
  });
}
