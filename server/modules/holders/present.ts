/** Indexed rows → the holders answer (src/common/holders.ts). */
import type { TokenHolder } from '../../../src/common/holders.js';

export type HolderRow = {
  holder: string;
  balance: string;
  user_id: string | null;
  email: string | null;
  name: string | null;
  kyc_status: string | null;
};

export const presentHolder = (r: HolderRow): TokenHolder => ({
  wallet: r.holder,
  balance: r.balance,
  user: r.user_id ? { id: r.user_id, email: r.email!, name: r.name, kycStatus: r.kyc_status! } : null,
});
