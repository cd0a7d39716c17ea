/**
 * Debug endpoints are for admins. What of the configuration may be shown: every key of server/config.ts is listed
 * here by its path. A key that is not listed (a variable added later) is shown as redacted until it is classified,
 * and a unit test fails for every unlisted key, so a new secret cannot leak by being forgotten.
 */
import { allow } from '../../lib/access.js';

export const debugAccess = { env: allow('debug.use') };

/**
 * plain: shown as it is; secret: only whether it is set; url: shown without its user's password and its query;
 * origin: only scheme, host and port (an RPC URL often carries an API key in its path).
 */
export type Visibility = 'plain' | 'secret' | 'url' | 'origin';

export const CONFIG_VISIBILITY: Record<string, Visibility> = {
  env: 'plain',
  host: 'plain',
  port: 'plain',
  dataDir: 'plain',
  uploadsDir: 'plain',
  privateUploadsDir: 'plain',
  databaseUrl: 'url',
  databaseListenUrl: 'url',
  logLevel: 'plain',
  logFormat: 'plain',
  publicUrl: 'url',
  rateLimitMax: 'plain',
  loginRateLimitMax: 'plain',
  paymentRateLimitMax: 'plain',
  clickRateLimitMax: 'plain',
  referralSalt: 'secret',
  seedOnEmpty: 'plain',
  seedFile: 'plain',
  serveUi: 'plain',
  mintWorker: 'plain',
  paymentSandbox: 'plain',
  checkoutSweepMs: 'plain',
  payoutCompleterMs: 'plain',
  shutdownGraceMs: 'plain',
  'stripe.secretKey': 'secret',
  'stripe.webhookSecret': 'secret',
  'stripe.apiUrl': 'url',
  totpEncryptionKey: 'secret',
  'metrics.token': 'secret',
  'metrics.port': 'plain',
  'metrics.host': 'plain',
  requestIdProxies: 'plain',
  'dns.server': 'plain',
  'dns.host': 'plain',
  'dns.port': 'plain',
  'dns.nameservers': 'plain',
  'dns.rrl.perSecond': 'plain',
  'dns.rrl.slip': 'plain',
  'dns.zones': 'plain',
  'dns.resolvers': 'plain',
  'dns.resolveTimeoutMs': 'plain',
  'dns.resolveRateLimitMax': 'plain',
  'chain.mode': 'plain',
  'chain.chainId': 'plain',
  'chain.devPort': 'plain',
  'chain.rpcUrl': 'origin',
  'chain.minterKey': 'secret',
  'chain.tokenAddress': 'plain',
  'chain.payoutKey': 'secret',
  'crypto.mnemonic': 'secret',
  'crypto.confirmations': 'plain',
  'crypto.watchMs': 'plain',
  'mail.smtpUrl': 'url',
  'mail.from': 'plain',
  notificationWorker: 'plain',
  notificationPollMs: 'plain',
  'webhooks.worker': 'plain',
  'webhooks.pollMs': 'plain',
  'webhooks.timeoutMs': 'plain',
  'webhooks.allowInsecure': 'plain',
  'webhooks.retentionDays': 'plain',
  webConcurrency: 'plain',
  redisUrl: 'url',
  // Not a secret, but its name says "key": shown redacted rather than taught an exception.
  redisKeyPrefix: 'secret',
  pgliteThread: 'plain',
};

/** Names that smell of a secret: a key matching this may not be classified plain (checked by the unit test). */
export const SECRET_NAME =
  /secret|password|passwd|key|salt|mnemonic|seed(?!File|OnEmpty)|token(?!Address)|credential|private(?!UploadsDir)/i;
