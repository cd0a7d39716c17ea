import { useQuery } from '@tanstack/react-query';
import type { SdkProvider } from '../../../common/payment-sdk';
import type { PaymentList } from '../../../common/payments';
import { apiGet } from '../../../lib/api';

/** How many of the newest payments the screen loads and searches. */
export const SDK_PAYMENTS_SHOWN = 100;

/** The newest payments with the counts of each status, and every provider; react-admin's refresh refetches both. */
export function usePaymentSdkData() {
  const payments = useQuery({
    queryKey: ['payment-sdk', 'payments'],
    queryFn: () => apiGet<PaymentList>(`/api/payments?limit=${SDK_PAYMENTS_SHOWN}&sort=createdAt&order=desc`),
  });
  const providers = useQuery({
    queryKey: ['payment-sdk', 'providers'],
    queryFn: async () => (await apiGet<{ providers: SdkProvider[] }>('/api/payment-sdk/providers')).providers,
  });
  return { payments, providers };
}
