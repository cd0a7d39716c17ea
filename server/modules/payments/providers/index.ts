/** The providers that can take money here; every other one the platform knows answers "not configured". */
import { PROVIDER_NAMES, type PaymentProvider } from '../../../../src/common/checkout.js';
import type { Config } from '../../../config.js';
import { unprocessable } from '../../../lib/errors.js';
import { sandbox } from './sandbox.js';
import { stripeClient, stripeDriver } from './stripe.js';
import type { PaymentDriver } from './types.js';

export type Providers = {
  get(name: PaymentProvider): PaymentDriver;
  configured(name: PaymentProvider): boolean;
};

export function configuredProviders(config: Pick<Config, 'paymentSandbox'> & Partial<Pick<Config, 'stripe'>>): Providers {
  const drivers: Partial<Record<PaymentProvider, PaymentDriver>> = config.paymentSandbox ? { sandbox } : {};
  if (config.stripe) drivers.stripe = stripeDriver(stripeClient(config.stripe), /^(sk|rk)_test_/.test(config.stripe.secretKey));
  return {
    get(name) {
      const driver = drivers[name];
      if (!driver) throw unprocessable(`${PROVIDER_NAMES[name]} is not configured.`, { provider: 'This provider is not configured.' }, 'provider_not_configured');
      return driver;
    },
    configured: (name) => !!drivers[name],
  };
}
