/** Indexed rows → the holders answer (src/common/holders.ts). */
import type { HolderFreeze, TokenHolder } from '../../../src/common/holders.js';
import type { tokenFreezes } from '../../db/schema.js';

export type HolderRow = {
  holder: string;
  balance: string;
  user_id: string | null;
  email: string | null;
  name: string | null;
  kyc_status: string | null;
  freeze_reason: string | null;
  freeze_by: string | null;
  freeze_at: Date | string | null;
};

export const presentHolder = (r: HolderRow): TokenHolder => ({
  wallet: r.holder,
  balance: r.balance,
  user: r.user_id ? { id: r.user_id, email: r.email!, name: r.name, kycStatus: r.kyc_status! } : null,
  freeze:
    r.freeze_at === null
      ? null
      : {
          wallet: r.holder,
          frozen: true,
          reason: r.freeze_reason!,
          updatedBy: r.freeze_by,
          updatedAt: new Date(r.freeze_at).toISOString(),
        },
});

export const presentFreeze = (r: typeof tokenFreezes.$inferSelect): HolderFreeze => ({
  wallet: r.wallet,
  frozen: r.frozen,
  reason: r.reason,
  updatedBy: r.updatedBy,
  updatedAt: r.updatedAt.toISOString(),
});
