import { useQuery } from '@tanstack/react-query';
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
