import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Member, MemberLevel } from '../../../common/membership';
import { apiGet, toQuery } from '../../../lib/api';

export function useMember(email?: string) {
  return useQuery({
    queryKey: ['membership', 'info', email ?? 'me'],
    queryFn: async () => (await apiGet<{ member: Member }>(`/api/membership/info${toQuery({ email })}`)).member,
  });
}

export function useLevels() {
  return useQuery({
    queryKey: ['membership', 'levels'],
    queryFn: async () => (await apiGet<{ levels: MemberLevel[] }>('/api/membership/levels', { public: true })).levels,
  });
}

/** The three histories a member has, by the name their endpoint and its rows share. */
export type HistoryKind = 'points' | 'redemptions' | 'conversions';

/**
 * One page of a member's history (`email` set: the member staff looked up; unset: the caller's own), with the total
 * for its pager; the page shown stays while the next one loads.
 */
export function useHistory<R>(kind: HistoryKind, email: string | undefined, page: number, perPage: number) {
  return useQuery({
    queryKey: ['membership', kind, email ?? 'me', page, perPage],
    queryFn: async () => {
      const body = await apiGet<Record<HistoryKind, R[]> & { total: number }>(
        `/api/membership/${kind}/history${toQuery({ email, limit: perPage, offset: page * perPage })}`);
      return { rows: body[kind], total: body.total };
    },
    placeholderData: keepPreviousData,
  });
}
