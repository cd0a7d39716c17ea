import type {
  auditEvents,
  chainTransactions,
  commissionAdjustments,
  conversions,
  mintJobs,
  commissions,
  coupons,
  dnsQueryLogs,
  dnsRecords,
  dnsScriptLogs,
  emailMessages,
  notificationBulks,
  notifications,
  orderItems,
  orders,
  payments,
  payouts,
  kycSessions,
  pointsEntries,
  products,
  redemptions,
  referralClicks,
  refunds,
  users,
} from '../db/schema.js';
import type { At, Problem } from './format.js';

/** The rows a seed file turns into, table by table (parse.ts makes them, seed.ts writes them). */
export type SeedUser = typeof users.$inferInsert & { id: string; email: string; password: string | null };
export type SeedProduct = typeof products.$inferInsert & { id: string };
export type SeedOrder = typeof orders.$inferInsert & { id: string };
export type SeedOrderItem = typeof orderItems.$inferInsert;
export type SeedPayment = typeof payments.$inferInsert;
export type SeedRefund = typeof refunds.$inferInsert & { id: string };
export type SeedAuditEvent = Omit<typeof auditEvents.$inferInsert, 'id'>;
export type SeedCoupon = typeof coupons.$inferInsert & { id: string };
export type SeedReferralClick = Omit<typeof referralClicks.$inferInsert, 'id'>;
export type SeedCommission = typeof commissions.$inferInsert & { id: string };
export type SeedPayout = typeof payouts.$inferInsert & { id: string };
export type SeedCommissionAdjustment = Omit<typeof commissionAdjustments.$inferInsert, 'id'>;
export type SeedDnsRecord = typeof dnsRecords.$inferInsert & { id: string };
export type SeedDnsQueryLog = Omit<typeof dnsQueryLogs.$inferInsert, 'id'>;
export type SeedDnsScriptLog = Omit<typeof dnsScriptLogs.$inferInsert, 'id'>;
export type SeedNotificationBulk = typeof notificationBulks.$inferInsert & { id: string };
export type SeedNotification = typeof notifications.$inferInsert & { id: string };
export type SeedEmailMessage = Omit<typeof emailMessages.$inferInsert, 'id'>;
export type SeedRedemption = typeof redemptions.$inferInsert & { id: string };
export type SeedPointsEntry = typeof pointsEntries.$inferInsert & { id: string };
export type SeedMintJob = typeof mintJobs.$inferInsert & { id: string };
export type SeedConversion = typeof conversions.$inferInsert & { id: string };
/** A stored signed transaction, its place in the file kept for problems found after the parse (its signer). */
export type SeedChainTransaction = Omit<typeof chainTransactions.$inferInsert, 'seq'> & {
  chainId: number;
  hash: string;
  sender: string;
  raw: string;
  at: At;
};
export type SeedKycSession = typeof kycSessions.$inferInsert & { id: string; documentFile: string };

export type SeedData = {
  users: SeedUser[];
  products: SeedProduct[];
  orders: SeedOrder[];
  orderItems: SeedOrderItem[];
  payments: SeedPayment[];
  /** Money given back from payments (their refundedCents is the sum); none when the file has no `refunds`. */
  refunds: SeedRefund[];
  coupons: SeedCoupon[];
  referralClicks: SeedReferralClick[];
  payouts: SeedPayout[];
  commissions: SeedCommission[];
  /** Clawbacks: derived from the refunds made after a payout held or paid their commission (clawbacks.ts). */
  commissionAdjustments: SeedCommissionAdjustment[];
  dnsRecords: SeedDnsRecord[];
  dnsQueryLogs: SeedDnsQueryLog[];
  dnsScriptLogs: SeedDnsScriptLog[];
  notificationBulks: SeedNotificationBulk[];
  notifications: SeedNotification[];
  emailMessages: SeedEmailMessage[];
  redemptions: SeedRedemption[];
  /** The points staff added or removed (the rest of the ledger is derived on load). */
  pointsEntries: SeedPointsEntry[];
  /** Where each redemption and points entry is in the file, by id: a balance the ledger takes below 0 names it. */
  ledgerPlaces: Map<string, At>;
  /** Each one's document is a placeholder written on load (kyc.ts). */
  kycSessions: SeedKycSession[];
  /** The mint queue's history, each sent job's signed bytes taken from chainTransactions. */
  mintJobs: SeedMintJob[];
  /** Signed transactions in the order they were sent: the dev chain replays them at start. */
  chainTransactions: SeedChainTransaction[];
  /** Points a member converted into the loyalty token, each with the mint job that minted it (its points entry derived on load). */
  conversions: SeedConversion[];
  /** Settings → Audit: what staff did, in the file's order. */
  auditEvents: SeedAuditEvent[];
  settings: { key: string; value: unknown }[];
  /** Stand-alone resources' records by collection, their dates moved (stand-alone.ts). */
  standAlone: Record<string, Record<string, unknown>[]>;
  notes: string[];
  /** What was wrong and how it was repaired (a lenient load; a strict one refuses the file instead). */
  problems: Problem[];
};
