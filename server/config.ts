import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { DNS_ZONE_DEFAULT } from '../src/common/domain.js';
import { loadChainConfig, type ChainConfig } from './chain/client.js';
import { defaultLogFormat, type LogFormat } from './lib/log.js';
import { DEFAULT_DATA_DIR } from './lib/paths.js';
import { validProxyEntry } from './lib/request-id.js';

/** A zone's apex: host name labels, at least two. */
const ZONE = /^([a-z0-9]([a-z0-9-]*[a-z0-9])?\.)+[a-z0-9]([a-z0-9-]*[a-z0-9])?$/;

const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  PUBLIC_URL: z
    .string()
    .regex(
      /^https?:\/\/[^/\s]+\/?$/i,
      'PUBLIC_URL must be the http(s) address people reach the site at, such as https://shop.example.com.',
    )
    .optional(),
  DATA_DIR: z.string().default(DEFAULT_DATA_DIR),
  DATABASE_URL: z.string().url().optional(),
  DATABASE_LISTEN_URL: z.string().url().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOG_FORMAT: z.enum(['json', 'pretty']).optional(),
  RATE_LIMIT_MAX: z.coerce.number().int().positive().default(6000),
  LOGIN_RATE_LIMIT_MAX: z.coerce.number().int().positive().default(30),
  PAYMENT_RATE_LIMIT_MAX: z.coerce.number().int().positive().default(60),
  CLICK_RATE_LIMIT_MAX: z.coerce.number().int().positive().default(120),
  REFERRAL_SALT: z.string().min(16, 'REFERRAL_SALT must be at least 16 characters.').optional(),
  SEED_ON_EMPTY: bool.default(true),
  SEED_FILE: z.string().default('./db.json'),
  SERVE_UI: bool.default(true),
  MINT_WORKER: bool.default(true),
  PAYMENT_SANDBOX: bool.optional(),
  CHECKOUT_SWEEP_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  STRIPE_API_URL: z.string().url().optional(),
  WEB_CONCURRENCY: z.coerce.number().int().min(1, 'WEB_CONCURRENCY must be 1 or more.').max(64).default(1),
  REDIS_URL: z.string().url().optional(),
  REDIS_KEY_PREFIX: z.string().max(100).default('rwa:'),
  PGLITE_THREAD: bool.default(true),
  SMTP_URL: z
    .string()
    .regex(
      /^smtps?:\/\/\S+$/i,
      'SMTP_URL must be an smtp:// or smtps:// URL, e.g. smtp://user:pass@mail.example.com:587.',
    )
    .optional(),
  MAIL_FROM: z.string().min(3).max(320).default('RWA Commerce <no-reply@localhost>'),
  NOTIFICATION_WORKER: bool.default(true),
  NOTIFICATION_POLL_MS: z.coerce.number().int().min(50).max(60_000).default(1000),
  WEBHOOK_WORKER: bool.default(true),
  WEBHOOK_POLL_MS: z.coerce.number().int().min(50).max(60_000).default(1000),
  WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  WEBHOOK_ALLOW_INSECURE: bool.default(false),
  // At least the 3 days a delivery is retried for.
  WEBHOOK_RETENTION_DAYS: z.coerce.number().int().min(4).max(3650).default(30),
  TOTP_ENCRYPTION_KEY: z.string().min(16, 'TOTP_ENCRYPTION_KEY must be at least 16 characters.').optional(),
  DNS_SERVER: bool.default(true),
  DNS_PORT: z.coerce.number().int().min(0).max(65535).default(5354),
  DNS_HOST: z
    .string()
    .trim()
    .default('127.0.0.1')
    .refine(
      (v) => isIP(v) !== 0,
      'DNS_HOST must be an IP address to listen on, such as 127.0.0.1, 192.0.2.53 or 0.0.0.0 (every address).',
    ),
  DNS_NAMESERVERS: z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined) return undefined;
      const servers = nameServersOf(v);
      if (!servers)
        ctx.addIssue({
          code: 'custom',
          message:
            'DNS_NAMESERVERS must be name server host names, each optionally =its IP address, separated by commas: ns1.example.com=192.0.2.53,ns2.example.net.',
        });
      return servers ?? undefined;
    }),
  DNS_RRL_PER_SECOND: z.coerce.number().int().min(0).max(1_000_000).default(50),
  DNS_RRL_SLIP: z.coerce.number().int().min(0).max(10).default(2),
  DNS_ZONES: z
    .string()
    .default(DNS_ZONE_DEFAULT)
    .transform((v) => [
      ...new Set(
        v
          .split(',')
          .map((zone) => zone.trim().toLowerCase().replace(/\.$/, ''))
          .filter(Boolean),
      ),
    ])
    .refine(
      (zones) => zones.length > 0 && zones.every((zone) => ZONE.test(zone)),
      'DNS_ZONES must be host names such as example.com, separated by commas.',
    ),
  DNS_RESOLVERS: z
    .string()
    .optional()
    .transform((v) =>
      v
        ? v
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean)
        : undefined,
    ),
  DNS_RESOLVE_TIMEOUT_MS: z.coerce.number().int().min(100).max(30_000).default(2500),
  RESOLVE_RATE_LIMIT_MAX: z.coerce.number().int().positive().default(60),
  CRYPTO_MNEMONIC: z
    .string()
    .trim()
    .refine(
      (v) =>
        /^[a-z]+( [a-z]+){11}$|^[a-z]+( [a-z]+){14}$|^[a-z]+( [a-z]+){17}$|^[a-z]+( [a-z]+){20}$|^[a-z]+( [a-z]+){23}$/.test(
          v,
        ),
      'CRYPTO_MNEMONIC must be a BIP-39 mnemonic of 12, 15, 18, 21 or 24 lower-case words separated by single spaces.',
    )
    .optional(),
  CRYPTO_CONFIRMATIONS: z.coerce.number().int().min(1).max(1000).default(1),
  CRYPTO_WATCH_MS: z.coerce.number().int().min(50).max(600_000).default(1000),
  PAYOUT_COMPLETER_MS: z.coerce.number().int().min(50).max(600_000).default(10_000),
  SHUTDOWN_GRACE_SECONDS: z.coerce.number().min(0).max(600).default(10),
  METRICS_TOKEN: z.string().min(16, 'METRICS_TOKEN must be at least 16 characters.').optional(),
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  METRICS_HOST: z
    .string()
    .trim()
    .default('127.0.0.1')
    .refine((v) => isIP(v) !== 0, 'METRICS_HOST must be an IP address to listen on, such as 127.0.0.1 or 0.0.0.0.'),
  REQUEST_ID_TRUSTED_PROXIES: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    )
    .refine(
      (entries) => entries.every(validProxyEntry),
      'REQUEST_ID_TRUSTED_PROXIES must be addresses or networks separated by commas, such as 10.0.0.1,10.1.0.0/16.',
    ),
});

export type Config = {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  /** Where people reach the site (PUBLIC_URL), for links in emails when the Site URL setting is empty; unset: the listening address. */
  publicUrl?: string;
  dataDir: string;
  /** Uploaded files (product images): DATA_DIR/uploads, served from /uploads/. */
  uploadsDir: string;
  /** Personal documents (KYC): DATA_DIR/uploads/private, never served from /uploads/; read through authenticated routes only. */
  privateUploadsDir: string;
  databaseUrl?: string;
  /** The invalidation bus's connection (LISTEN/NOTIFY), when DATABASE_URL goes through a pooler in transaction mode; unset: DATABASE_URL. */
  databaseListenUrl?: string;
  logLevel: string;
  /** Proxies (addresses or networks) whose X-Request-Id a request keeps; anyone else's request gets a new id. */
  requestIdProxies: string[];
  /** `pretty` at a terminal, `json` otherwise (LOG_FORMAT). */
  logFormat: LogFormat;
  rateLimitMax: number;
  loginRateLimitMax: number;
  /** Payment-moving calls (refunds, payments opened by staff) a minute per address. */
  paymentRateLimitMax: number;
  /** Referral-link clicks a minute per address. */
  clickRateLimitMax: number;
  /** Salt of the visitor hashes of referral clicks; unset: a random one kept in the database. */
  referralSalt?: string;
  seedOnEmpty: boolean;
  seedFile: string;
  serveUi: boolean;
  /** Run the mint worker inside the server (false when `npm run worker` processes do it). */
  mintWorker: boolean;
  /** The card sandbox takes (pretend) payments: on by default except in production, where it would give goods away. */
  paymentSandbox: boolean;
  /** How often unpaid checkouts past their time are failed and their stock released. */
  checkoutSweepMs: number;
  /** How often the payout completer finishes on-chain payouts whose stored transfer nobody is finishing. */
  payoutCompleterMs: number;
  /** On SIGTERM: how long requests under way may take to finish before their connections are cut. */
  shutdownGraceMs: number;
  /** Stripe takes card payments when both its secret key and its webhook secret are set; `apiUrl` points the SDK elsewhere (tests' stand-in). */
  stripe: StripeConfig | null;
  /** Email: SMTP when `smtpUrl` is set, otherwise kept in the outbox table for the admin (Settings → Email outbox). */
  mail: MailConfig;
  /** Run the notification worker (bulk sends, email delivery) inside the server, polling every `notificationPollMs`. */
  notificationWorker: boolean;
  notificationPollMs: number;
  /**
   * Webhooks: run the delivery worker in the server (`worker`), polling every `pollMs`, each attempt cut after
   * `timeoutMs`; `allowInsecure` allows http and private addresses (development and tests only).
   */
  webhooks: { worker: boolean; pollMs: number; timeoutMs: number; allowInsecure: boolean; retentionDays: number };
  /** Seals the users' TOTP secrets in the database (AES-256-GCM); unset: they are stored as they are. */
  totpEncryptionKey?: string;
  dns: DnsConfig;
  chain: ChainConfig;
  /** Crypto payments (payments/providers/crypto.ts, payments/crypto/watcher.ts). */
  crypto: CryptoConfig;
  /** API processes (node:cluster) on one PostgreSQL; more than 1 needs DATABASE_URL. */
  webConcurrency: number;
  /** Redis for rate limits shared by every process; unset: each process counts alone. */
  redisUrl?: string;
  /** The server runs PGlite in a worker thread, beside the HTTP thread. */
  pgliteThread: boolean;
  /** Prefix of every key written to Redis (so several apps or test runs can share one server). */
  redisKeyPrefix: string;
  /**
   * Prometheus metrics: GET /metrics on the API's port with `token` as a bearer token, and/or on `port` at `host`
   * (loopback by default) without one. Neither set: no metrics (a 404).
   */
  metrics: { token?: string; port?: number; host: string };
};

export type MailConfig = { smtpUrl?: string; from: string };

/** A name server of the managed zones; `address` (null: none configured) is served as its A or AAAA record. */
export type NameServer = { name: string; address: string | null };

/** `ns1.example.com=192.0.2.53,ns2.example.net` as name servers, or null when one is not a host name (=IP address). */
function nameServersOf(text: string): NameServer[] | null {
  const servers = text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map((entry) => {
      const [name = '', address, ...rest] = entry.split('=').map((s) => s.trim());
      const host = name.toLowerCase().replace(/\.$/, '');
      return ZONE.test(host) && !rest.length && (address === undefined || isIP(address) !== 0)
        ? { name: host, address: address ?? null }
        : null;
    });
  return servers.length && servers.every(Boolean) ? (servers as NameServer[]) : null;
}

const WILDCARD_HOSTS = new Set(['0.0.0.0', '::']);

export type DnsConfig = {
  /** Run the embedded authoritative DNS server (UDP and TCP on host:port; port 0 picks a free one). */
  server: boolean;
  host: string;
  port: number;
  /**
   * The zones' name servers (their apex NS records; the first is the SOA's primary). Unset: ns1.<first zone> at
   * `host` (with no address when `host` is every address: then a managed A record of that name is its address).
   */
  nameservers: NameServer[];
  /** UDP replies a second per source address before they are dropped (0: no limit); every `slip`-th dropped one is sent truncated instead. */
  rrl: { perSecond: number; slip: number };
  /** The zones whose records are managed here and served by that server. */
  zones: string[];
  /** Servers (host or host:port) the resolve endpoint asks for names outside the managed records; unset: the system's. */
  resolvers?: string[];
  /** How long a resolution through those servers may take before it fails. */
  resolveTimeoutMs: number;
  /** GET /api/domain/resolve calls a minute per address. */
  resolveRateLimitMax: number;
};
/**
 * `mnemonic`: the HD key deposit addresses are derived from; unset on the embedded dev chain means its fixed dev
 * mnemonic, unset with RPC_URL means crypto payments are off. `confirmations`: blocks a payment must be deep.
 * `watchMs`: how often the watcher looks at the chain.
 */
export type CryptoConfig = { mnemonic?: string; confirmations: number; watchMs: number };

export type StripeConfig = { secretKey: string; webhookSecret: string; apiUrl?: string };

/** The folder of DATA_DIR/uploads that /uploads/ never serves. */
export const PRIVATE_UPLOADS = 'private';

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable means "not set", as a shell `VAR=` would suggest.
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== ''));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${issues}`);
  }
  const e = parsed.data;
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    publicUrl: e.PUBLIC_URL,
    dataDir: path.resolve(e.DATA_DIR),
    uploadsDir: path.resolve(e.DATA_DIR, 'uploads'),
    privateUploadsDir: path.resolve(e.DATA_DIR, 'uploads', PRIVATE_UPLOADS),
    databaseUrl: e.DATABASE_URL,
    databaseListenUrl: e.DATABASE_LISTEN_URL,
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT ?? defaultLogFormat(),
    rateLimitMax: e.RATE_LIMIT_MAX,
    loginRateLimitMax: e.LOGIN_RATE_LIMIT_MAX,
    paymentRateLimitMax: e.PAYMENT_RATE_LIMIT_MAX,
    clickRateLimitMax: e.CLICK_RATE_LIMIT_MAX,
    referralSalt: e.REFERRAL_SALT,
    seedOnEmpty: e.SEED_ON_EMPTY,
    seedFile: path.resolve(e.SEED_FILE),
    serveUi: e.SERVE_UI,
    mintWorker: e.MINT_WORKER,
    paymentSandbox: e.PAYMENT_SANDBOX ?? e.NODE_ENV !== 'production',
    checkoutSweepMs: e.CHECKOUT_SWEEP_SECONDS * 1000,
    payoutCompleterMs: e.PAYOUT_COMPLETER_MS,
    shutdownGraceMs: e.SHUTDOWN_GRACE_SECONDS * 1000,
    stripe:
      e.STRIPE_SECRET_KEY && e.STRIPE_WEBHOOK_SECRET
        ? { secretKey: e.STRIPE_SECRET_KEY, webhookSecret: e.STRIPE_WEBHOOK_SECRET, apiUrl: e.STRIPE_API_URL }
        : null,
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM },
    notificationWorker: e.NOTIFICATION_WORKER,
    notificationPollMs: e.NOTIFICATION_POLL_MS,
    webhooks: {
      worker: e.WEBHOOK_WORKER,
      pollMs: e.WEBHOOK_POLL_MS,
      timeoutMs: e.WEBHOOK_TIMEOUT_MS,
      allowInsecure: e.WEBHOOK_ALLOW_INSECURE,
      retentionDays: e.WEBHOOK_RETENTION_DAYS,
    },
    totpEncryptionKey: e.TOTP_ENCRYPTION_KEY,
    dns: {
      server: e.DNS_SERVER,
      host: e.DNS_HOST,
      port: e.DNS_PORT,
      nameservers: e.DNS_NAMESERVERS ?? [
        { name: `ns1.${e.DNS_ZONES[0]!}`, address: WILDCARD_HOSTS.has(e.DNS_HOST) ? null : e.DNS_HOST },
      ],
      rrl: { perSecond: e.DNS_RRL_PER_SECOND, slip: e.DNS_RRL_SLIP },
      zones: e.DNS_ZONES,
      resolvers: e.DNS_RESOLVERS,
      resolveTimeoutMs: e.DNS_RESOLVE_TIMEOUT_MS,
      resolveRateLimitMax: e.RESOLVE_RATE_LIMIT_MAX,
    },
    chain: loadChainConfig(present),
    crypto: { mnemonic: e.CRYPTO_MNEMONIC, confirmations: e.CRYPTO_CONFIRMATIONS, watchMs: e.CRYPTO_WATCH_MS },
    webConcurrency: e.WEB_CONCURRENCY,
    redisUrl: e.REDIS_URL,
    redisKeyPrefix: e.REDIS_KEY_PREFIX,
    pgliteThread: e.PGLITE_THREAD,
    metrics: { token: e.METRICS_TOKEN, port: e.METRICS_PORT, host: e.METRICS_HOST },
    requestIdProxies: e.REQUEST_ID_TRUSTED_PROXIES,
  };
}
