import { useQuery } from '@tanstack/react-query';
import type { Conversion, Member, MemberLevel, PointsEntry, Redemption } from '../../../common/membership';
import { apiGet, toQuery } from '../../../lib/api';

/** Rows a history tab shows. */
export const HISTORY_LIMIT = 50;

/** `email` set: the member staff looked up; unset: the logged-in user's own membership. */
const whose = (email?: string) => toQuery({ email, limit: HISTORY_LIMIT });

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

export function usePointsHistory(email?: string) {
  return useQuery({
    queryKey: ['membership', 'points', email ?? 'me'],
    queryFn: async () => (await apiGet<{ points: PointsEntry[] }>(`/api/membership/points/history${whose(email)}`)).points,
  });
}

export function useRedemptionHistory(email?: string) {
  return useQuery({
    queryKey: ['membership', 'redemptions', email ?? 'me'],
    queryFn: async () => (await apiGet<{ redemptions: Redemption[] }>(`/api/membership/redemptions/history${whose(email)}`)).redemptions,
  });
}

export function useConversionHistory(email?: string) {
  return useQuery({
    queryKey: ['membership', 'conversions', email ?? 'me'],
    queryFn: async () => (await apiGet<{ conversions: Conversion[] }>(`/api/membership/conversions/history${whose(email)}`)).conversions,
  });
}
