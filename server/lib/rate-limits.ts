import { PAYMENT_RATE_LIMITED } from '../../src/common/messages.js';
import { AppError } from './errors.js';

/** A route's own limit on payment-moving calls: past it a 429 whose sentence the Payments screen recognises. */
export const paymentRateLimit = (max: number) => ({
  max,
  timeWindow: '1 minute',
  errorResponseBuilder: () => new AppError(429, 'payment_rate_limited', undefined, undefined, PAYMENT_RATE_LIMITED),
});
