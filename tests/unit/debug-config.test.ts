import { describe, expect, it } from 'vitest';
import { REDACTED } from '../../src/common/debug.js';
import { loadConfig } from '../../server/config.js';
import { CONFIG_VISIBILITY, SECRET_NAME } from '../../server/modules/debug/policy.js';
import { configLeaves, presentConfig } from '../../server/modules/debug/present.js';

/** Every variable set, secrets to values that must never appear in the answer. */
const FULL_ENV = {
  NODE_ENV: 'production',
  HOST: '0.0.0.0',
  PORT: '8080',
  DATA_DIR: './data',
  LOG_LEVEL: 'warn',
  DATABASE_URL: 'postgres://app:db-pass-SECRET1@db.internal:5432/rwa?sslmode=require&password=db-query-SECRET2',
  RATE_LIMIT_MAX: '10',
  LOGIN_RATE_LIMIT_MAX: '10',
  PAYMENT_RATE_LIMIT_MAX: '10',
  CLICK_RATE_LIMIT_MAX: '10',
  REFERRAL_SALT: 'referral-salt-SECRET3',
  SEED_ON_EMPTY: 'false',
  SEED_FILE: './db.json',
  SERVE_UI: 'true',
  MINT_WORKER: 'true',
  PAYMENT_SANDBOX: 'false',
  CHECKOUT_SWEEP_SECONDS: '30',
  STRIPE_SECRET_KEY: 'sk_test_SECRET4',
  STRIPE_WEBHOOK_SECRET: 'whsec_SECRET5',
  STRIPE_API_URL: 'https://stripe.example/v1',
  TOTP_ENCRYPTION_KEY: 'totp-key-SECRET6-long-enough',
  RPC_URL: 'https://sepolia.example/v3/rpc-api-key-SECRET7',
  MINTER_PRIVATE_KEY: `0x${'ab'.repeat(32)}`,
  TOKEN_CONTRACT: `0x${'12'.repeat(20)}`,
  CHAIN_ID: '11155111',
  DNS_SERVER: 'true',
  DNS_HOST: '0.0.0.0',
  DNS_PORT: '5354',
  DNS_ZONES: 'rwa.test,example.com',
  DNS_NAMESERVERS: 'ns1.rwa.test=192.0.2.53,ns2.example.net',
  DNS_RRL_PER_SECOND: '50',
  DNS_RRL_SLIP: '2',
  DNS_RESOLVERS: '1.1.1.1,8.8.8.8',
  DNS_RESOLVE_TIMEOUT_MS: '2500',
  RESOLVE_RATE_LIMIT_MAX: '60',
};
const SECRETS = [
  'db-pass-SECRET1',
  'db-query-SECRET2',
  'referral-salt-SECRET3',
  'sk_test_SECRET4',
  'whsec_SECRET5',
  'totp-key-SECRET6',
  'rpc-api-key-SECRET7',
  'ab'.repeat(32),
];

describe('GET /api/debug/env redaction', () => {
  const config = loadConfig(FULL_ENV);
  const shown = presentConfig(config);

  it('classifies every key of the configuration (a new key fails here until it is classified)', () => {
    const keys = configLeaves(config).map(([k]) => k);
    expect(keys.filter((k) => !(k in CONFIG_VISIBILITY))).toEqual([]);
    // …and the table names no key the configuration no longer has (in dev-chain mode some chain keys do not exist).
    const devKeys = configLeaves(loadConfig({})).map(([k]) => k);
    expect(Object.keys(CONFIG_VISIBILITY).filter((k) => !keys.includes(k) && !devKeys.includes(k))).toEqual([]);
  });

  it('never classifies a key whose name smells of a secret as plain', () => {
    expect(
      Object.entries(CONFIG_VISIBILITY).filter(([k, v]) => v === 'plain' && SECRET_NAME.test(k.split('.').pop()!)),
    ).toEqual([]);
  });

  it('shows no secret, not even inside a URL; says which values were redacted', () => {
    const json = JSON.stringify(shown);
    for (const secret of SECRETS) expect(json).not.toContain(secret);
    const byKey = Object.fromEntries(shown.map((e) => [e.key, e]));
    expect(byKey['stripe.secretKey']).toEqual({ key: 'stripe.secretKey', value: REDACTED, redacted: true });
    expect(byKey.databaseUrl).toEqual({
      key: 'databaseUrl',
      value: 'postgres://app:***@db.internal:5432/rwa?…',
      redacted: true,
    });
    expect(byKey['chain.rpcUrl']).toEqual({ key: 'chain.rpcUrl', value: 'https://sepolia.example/…', redacted: true });
    expect(byKey.port).toEqual({ key: 'port', value: 8080, redacted: false });
    expect(byKey.paymentSandbox).toEqual({ key: 'paymentSandbox', value: false, redacted: false });
    expect(byKey['dns.zones']).toEqual({ key: 'dns.zones', value: 'rwa.test, example.com', redacted: false });
    expect(byKey['dns.nameservers']).toEqual({
      key: 'dns.nameservers',
      value: 'ns1.rwa.test=192.0.2.53, ns2.example.net',
      redacted: false,
    });
  });

  it('redacts a key nobody has classified, and shows an unset secret as not set', () => {
    const withNew = { ...config, smtpPassword: 'smtp-SECRET8' } as typeof config;
    expect(presentConfig(withNew).find((e) => e.key === 'smtpPassword')).toEqual({
      key: 'smtpPassword',
      value: REDACTED,
      redacted: true,
    });
    const dev = presentConfig(loadConfig({}));
    expect(dev.find((e) => e.key === 'totpEncryptionKey')).toEqual({
      key: 'totpEncryptionKey',
      value: null,
      redacted: false,
    });
  });
});
