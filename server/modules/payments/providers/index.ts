/** The providers that can take money here; every other one the platform knows answers "not configured". */
import { PROVIDER_NAMES, type PaymentProvider } from '../../../../src/common/checkout.js';
import type { Config } from '../../../config.js';
import { unprocessable } from '../../../lib/errors.js';
import { cryptoDriver, type CryptoRuntime } from './crypto.js';
import { sandbox } from './sandbox.js';
import { stripeClient, stripeDriver } from './stripe.js';
import type { PaymentDriver } from './types.js';

export type Providers = {
  get(name: PaymentProvider): PaymentDriver;
  configured(name: PaymentProvider): boolean;
  /** Confirmations a crypto payment waits for (1 when crypto is off). */
  confirmations: number;
};

/**
 * The sandbox unless turned off; Stripe with its two secrets; crypto when the chain is connected (its chain id checked)
 * and a mnemonic is known (CRYPTO_MNEMONIC, or the fixed dev one on the embedded dev chain): `crypto` is then given.
 */
export function configuredProviders(
  config: Pick<Config, 'paymentSandbox'> & Partial<Pick<Config, 'stripe'>>,
  crypto?: CryptoRuntime | null,
): Providers {
  const drivers: Partial<Record<PaymentProvider, PaymentDriver>> = config.paymentSandbox ? { sandbox } : {};
  if (config.stripe)
    drivers.stripe = stripeDriver(stripeClient(config.stripe), /^(sk|rk)_test_/.test(config.stripe.secretKey));
  if (crypto) drivers.crypto = cryptoDriver(crypto);
  return {
    get(name) {
      const driver = drivers[name];
      if (!driver)
        throw unprocessable(
          'provider_not_configured',
          { provider: PROVIDER_NAMES[name] },
          { provider: 'provider_not_configured_field' },
        );
      return driver;
    },
    configured: (name) => !!drivers[name],
    confirmations: crypto?.confirmations ?? 1,
  };
}
