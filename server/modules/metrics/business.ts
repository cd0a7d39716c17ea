import { Counter, Registry } from 'prom-client';

/**
 * Business counters of this process, counted where the event happens (orders/service.ts, mint/worker.ts) and added to
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
