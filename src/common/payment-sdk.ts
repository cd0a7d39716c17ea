/**
 * The Payment SDK screen's API: the providers with what each takes, and the answer of a
 * payment made for a pending order (request schemas: payment-sdk.schemas.ts). Money as numbers with 2 decimals.
 */
import type { PaymentProvider } from './checkout.js';
import type { Payment } from './payments.js';

/** The currencies the create form offers; the server takes only the order's own. */
export const SDK_CURRENCIES = ['USD', 'EUR', 'CNY', 'ETH'] as const;

/** GET /api/payment-sdk/providers: every provider the platform knows; only configured ones take money. */
export type SdkProvider = { name: PaymentProvider; configured: boolean; currencies: string[] };

/** POST /api/payment-sdk/create's answer: the pending payment and the provider's page where the customer pays. */
export type SdkPayment = { payment: Payment; redirectUrl: string };
