import type { Said } from '../../../lib/errors.js';
/**
 * One interface for every payment provider (ARCHITECTURE.md, Folders). A provider starts a payment, confirms it (the
 * sandbox from its hosted card page, a real provider from its signed webhook), refunds it and reports its state;
 * what a confirmation means for the order is decided in one place, payments/service.ts `applyProviderEvent`.
 */
import type { PaymentProvider } from '../../../../src/common/checkout.js';
import type { Tx } from '../../../db/client.js';

/** The caller's transaction, for a provider that keeps its own rows beside the payment (crypto's deposit address, its signed refunds). */
export type ProviderTx = { tx: Tx; now: Date };

/** A payment as a provider sees it. */
export type ProviderPayment = {
  id: string;
  orderId: string;
  amountCents: number;
  currency: string;
  status: string;
  /** The provider's own id for it (a Stripe payment intent once paid). */
  reference?: string | null;
  refundedCents?: number;
  /** Absolute addresses of the shop's pages the buyer comes back to (a hosted page elsewhere needs them). */
  returnUrl?: string;
  cancelUrl?: string;
  description?: string;
  /** When the checkout stops waiting for it. */
  expiresAt?: Date | null;
};

/** What a provider says happened to a payment. */
export type ProviderEvent =
  /** The money was taken. */
  | { type: 'payment.succeeded'; reference: string }
  /** The payment failed for good: the order fails and its stock comes back. */
  | { type: 'payment.failed'; reason: Said; code: string }
  /** This attempt was refused, the payment stays open: the buyer may try again (another card). */
  | { type: 'payment.refused'; reason: Said; code: string };

export type Started = {
  redirectUrl: string;
  reference: string | null;
  /** Runs in the same transaction once the payment row exists (a provider's own rows refer to it). */
  afterInsert?: (ctx: ProviderTx) => Promise<void>;
};

export type Refunded = {
  reference: string;
  /** Runs after the refund's transaction committed (crypto broadcasts the transaction it stored); a failure here is retried later, never undone. */
  afterCommit?: () => Promise<void>;
};

export type PaymentDriver = {
  name: PaymentProvider;
  /** What the payments list calls its method: card, crypto. */
  method: 'card' | 'crypto';
  /** No real money moves (the sandbox, Stripe with a test key): its payments and orders are marked test. */
  testMode: boolean;
  /** Starts the payment: the page where the buyer pays, and the provider's own id for it. */
  create(payment: ProviderPayment, ctx?: ProviderTx): Promise<Started>;
  /** Decides a confirmation the buyer sent (the sandbox's card form); providers confirmed by webhook refuse it. */
  confirm(payment: ProviderPayment, input: unknown, now: Date): Promise<ProviderEvent>;
  /**
   * Returns `amountCents` of a completed payment; answers the refund's reference. `ctx` is the refund's transaction
   * (with the order locked) and the id its refunds row will have.
   */
  refund(payment: ProviderPayment, amountCents: number, ctx?: ProviderTx & { refundId: string }): Promise<Refunded>;
  /** The provider's view of the payment. */
  status(payment: ProviderPayment): Promise<'pending' | 'completed' | 'failed' | 'refunded'>;
};
