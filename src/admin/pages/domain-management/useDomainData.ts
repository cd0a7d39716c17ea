import { useQuery } from '@tanstack/react-query';
import type { DnsQueryLogList, DnsRecordList } from '../../../common/domain';
import { apiGet } from '../../../lib/api';

/** The overview shows the newest few records. */
const OVERVIEW_SHOWN = 6;

/** The overview: the counts over all records, the zones and the newest few records; react-admin's refresh refetches it. */
export function useOverview() {
  return useQuery({
    queryKey: ['domain', 'overview'],
    queryFn: () => apiGet<DnsRecordList>(`/api/domain/records?sort=createdAt&order=desc&limit=${OVERVIEW_SHOWN}`),
  });
}

/** The resolutions of the last 24 hours, counted beside the newest log row. */
export function useRecentQueries() {
  return useQuery({
    queryKey: ['domain', 'query-logs', 'recent'],
    queryFn: () => apiGet<DnsQueryLogList>('/api/domain/query/logs?limit=1'),
  });
}
