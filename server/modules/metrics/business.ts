import { Counter, Registry } from 'prom-client';

/**
 * Business counters of this process, counted where the event happens (orders/service.ts, payments/service.ts,
 * commissions/service.ts, webhooks/deliver.ts, mint/worker.ts) and added to
 * every scrape of it. One registry for the process: the code that counts has no app at hand.
 */
export const businessRegistry = new Registry();

export const ordersPaid = new Counter({
  name: 'rwa_orders_paid_total',
  help: 'Orders marked paid, by currency (counted when the paid statement has run, inside its transaction).',
  labelNames: ['currency'] as const,
  registers: [businessRegistry],
});

export const revenuePaid = new Counter({
  name: 'rwa_revenue_paid_minor_units_total',
  help: 'Amounts of the orders marked paid, in minor units, by currency.',
  labelNames: ['currency'] as const,
  registers: [businessRegistry],
});

export const tokensMinted = new Counter({
  name: 'rwa_tokens_minted_total',
  help: 'Tokens minted: the amounts of mint jobs recorded as succeeded.',
  registers: [businessRegistry],
});

export const tokensRedeemed = new Counter({
  name: 'rwa_tokens_redeemed_total',
  help: 'Tokens burned for redemptions: the amounts of redeem jobs recorded as succeeded.',
  registers: [businessRegistry],
});

export const refundsMade = new Counter({
  name: 'rwa_refunds_total',
  help: 'Refunds recorded (ours and those a provider reports), by currency.',
  labelNames: ['currency'] as const,
  registers: [businessRegistry],
});

export const refundedAmount = new Counter({
  name: 'rwa_refunded_minor_units_total',
  help: 'Amounts refunded, in minor units, by currency.',
  labelNames: ['currency'] as const,
  registers: [businessRegistry],
});

export const commissionsApproved = new Counter({
  name: 'rwa_commissions_approved_total',
  help: 'Referral commissions approved.',
  registers: [businessRegistry],
});

export const commissionsApprovedAmount = new Counter({
  name: 'rwa_commissions_approved_minor_units_total',
  help: 'Amounts of the referral commissions approved, in minor units.',
  registers: [businessRegistry],
});

export const webhookOutcomes = new Counter({
  name: 'rwa_webhook_deliveries_total',
  help: 'Webhook deliveries ended: delivered, or failed for good (retries exhausted).',
  labelNames: ['outcome'] as const,
  registers: [businessRegistry],
});

/** Database errors that reached a request's answer, by kind (dbErrorKind). */
export const dbErrors = new Counter({
  name: 'rwa_db_errors_total',
  help: 'Database errors that failed a request, by kind: connection (lost or refused), serialization, timeout, other.',
  labelNames: ['kind'] as const,
  registers: [businessRegistry],
});

/** The kind of a database error (its SQLSTATE, through its causes), or null when it is not one. */
export function dbErrorKind(
  err: unknown,
  unavailable: boolean,
): 'connection' | 'serialization' | 'timeout' | 'other' | null {
  if (unavailable) return 'connection';
  for (let e = err as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 8; depth++) {
    const code = typeof e.code === 'string' ? e.code : '';
    if (code === '40001' || code === '40P01') return 'serialization';
    if (code === '57014' || code === '55P03') return 'timeout';
    if (/^[0-9A-Z]{5}$/.test(code) && /^(2|4|5|XX)/.test(code)) return 'other';
    e = e.cause as typeof e;
  }
  return null;
}
