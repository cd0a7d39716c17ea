import { createRequire } from 'node:module';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import type { Config } from '../config.js';

type Counted = { current: number; ttl: number };
type Done = (err: Error | null, res: Counted | null) => void;
/** The store interface @fastify/rate-limit calls (its own LocalStore and RedisStore implement it). */
type Store = {
  incr(key: string, cb: Done, timeWindow: number, max: number): void;
  read(key: string, cb: Done, timeWindow: number, max: number): void;
  child(routeOptions: unknown): Store;
};
type StoreParams = { continueExceeding: boolean; exponentialBackoff: boolean };

// The plugin's own stores (it exports no types for them): Redis through its Lua script, and the in-memory one.
const require = createRequire(import.meta.url);
const RedisStore = require('@fastify/rate-limit/store/RedisStore.js') as new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
  redis: Redis,
  key: string,
) => Store;
const LocalStore = require('@fastify/rate-limit/store/LocalStore.js') as new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
) => Store;

/**
 * Counts in Redis, shared by every process; when Redis does not answer, counts in this process as if REDIS_URL were
 * unset (neither fail-open, which would lift the login limit, nor fail-closed, which would refuse every request).
 */
class SharedStore implements Store {
  constructor(
    private readonly shared: Store,
    private readonly local: Store,
    private readonly onError: (err: Error) => void,
  ) {}

  incr(key: string, cb: Done, timeWindow: number, max: number) {
    this.shared.incr(
      key,
      (err, res) => {
        if (!err) return cb(null, res);
        this.onError(err);
        this.local.incr(key, cb, timeWindow, max);
      },
      timeWindow,
      max,
    );
  }

  read(key: string, cb: Done, timeWindow: number, max: number) {
    this.shared.read(
      key,
      (err, res) => {
        if (!err) return cb(null, res);
        this.onError(err);
        this.local.read(key, cb, timeWindow, max);
      },
      timeWindow,
      max,
    );
  }

  child(routeOptions: unknown): Store {
    return new SharedStore(this.shared.child(routeOptions), this.local.child(routeOptions), this.onError);
  }
}

/**
 * Requests a minute per address across the API (RATE_LIMIT_MAX); routes may set a tighter limit of their own.
 * With REDIS_URL the counts live in Redis (keys under REDIS_KEY_PREFIX + "rate-limit:"), so every API process counts
 * together; without it each process counts alone.
 */
export async function registerRateLimit(
  app: FastifyInstance,
  config: Pick<Config, 'rateLimitMax' | 'redisUrl' | 'redisKeyPrefix'>,
) {
  if (!config.redisUrl) {
    await app.register(rateLimit, { max: config.rateLimitMax, timeWindow: '1 minute' });
    return;
  }
  const where = new URL(config.redisUrl).host;
  // Fail fast while Redis is away (no offline queue, one try, a short timeout): the local counts take over at once.
  // Loaded only here: a start without REDIS_URL does not load ioredis.
  const { Redis: RedisClient } = await import('ioredis');
  const redis = new RedisClient(config.redisUrl, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    commandTimeout: 500,
    connectTimeout: 2000,
  });
  let degraded = false;
  const onError = (err: Error) => {
    if (degraded) return;
    degraded = true;
    app.log.warn(
      `Redis at ${where} did not answer (${err.message}): rate limits are counted per process until it does.`,
    );
  };
  redis.on('error', onError);
  redis.on('ready', () => {
    if (!degraded) return;
    degraded = false;
    app.log.info(`Redis at ${where} answers again: rate limits are shared again.`);
  });
  const ready = await new Promise<boolean>((resolve) => {
    redis.once('ready', () => resolve(true));
    setTimeout(() => resolve(false), 2000).unref();
  });
  if (!ready) onError(new Error('no connection within 2 s'));
  app.addHook('onClose', async () => {
    redis.disconnect();
  });
  const prefix = `${config.redisKeyPrefix}rate-limit:`;
  class Store extends SharedStore {
    constructor(params: StoreParams) {
      super(
        new RedisStore(params.continueExceeding, params.exponentialBackoff, redis, prefix),
        new LocalStore(params.continueExceeding, params.exponentialBackoff),
        onError,
      );
    }
  }
  await app.register(rateLimit, { max: config.rateLimitMax, timeWindow: '1 minute', store: Store as never });
}
