import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp, type BuildOptions } from '../../server/app.js';
import { GUEST_ID_HEADER } from '../../src/common/checkout.js';
import { loadConfig } from '../../server/config.js';
import { fromPglite, fromPgliteThread, fromPostgres, openPglite, type Database } from '../../server/db/client.js';
import { PGliteThread } from '../../server/db/pglite-thread.js';
import { engine, postgresUrl, withDatabase } from './engine.js';
import { buildUser, PASSWORD, type Role } from './factories.js';

export { PASSWORD };

async function openTestDatabase(): Promise<Database & { url?: string }> {
  if (engine() === 'postgres') {
    const base = postgresUrl();
    const template = inject('postgresTemplate');
    const name = `${template}_f${process.pid}_${Math.floor(Math.random() * 1e9)}`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`create database ${name} template ${template}`);
    await admin.end();
    const url = withDatabase(base, name);
    return { ...fromPostgres(url, 4), url };
  }
  const tar = fs.readFileSync(inject('pgliteTemplate'));
  // TEST_PGLITE_THREAD=true: PGlite in a worker thread, as the server runs it.
  if (process.env.TEST_PGLITE_THREAD === 'true') return fromPgliteThread(await PGliteThread.create({ dump: new Uint8Array(tar) }));
  return fromPglite(await openPglite(undefined, { loadDataDir: new Blob([tar]) }));
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** What a test reads of an answer (the same names as fastify.inject's, which some tests still use directly). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- assertions read whatever fields an answer has
export type HttpResponse = { statusCode: number; headers: Record<string, string>; body: string; json(): any };

async function http(base: string, method: Method, url: string, opts: { token?: string; body?: unknown; headers?: Record<string, string> }): Promise<HttpResponse> {
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(base + url, { method, headers, body: opts.body === undefined ? undefined : JSON.stringify(opts.body) });
  const body = await res.text();
  return { statusCode: res.status, headers: Object.fromEntries(res.headers), body, json: () => JSON.parse(body) };
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

type TestAppOptions = Pick<BuildOptions, 'chain' | 'worker' | 'sweeper' | 'notifier' | 'dnsServer' | 'payoutCompleter'> & {
  database?: Database;
  /**
   * The SPEC's "Require 2FA for all users" (default true) would send every staff login of every test to 2FA
   * enrolment, so a test app turns it off unless told; tests of the requirement pass true (or PUT the setting).
   */
  requireTwoFactor?: boolean;
};

/** A fresh migrated database and app for one test file, with helpers to make users and call the API. */
export async function createTestApp(env: Record<string, string> = {}, opts: TestAppOptions = {}) {
  const database = opts.database ?? await openTestDatabase();
  const config = loadConfig({
    NODE_ENV: 'test', LOG_LEVEL: 'silent', SEED_ON_EMPTY: 'false', RATE_LIMIT_MAX: '100000', PAYMENT_RATE_LIMIT_MAX: '100000', DEV_CHAIN_PORT: '0', DNS_PORT: '0', ...env,
  });
  const app: FastifyInstance = await buildApp({ config, database, chain: opts.chain ?? false, worker: opts.worker, sweeper: opts.sweeper ?? false, notifier: opts.notifier ?? false, dnsServer: opts.dnsServer ?? false, payoutCompleter: opts.payoutCompleter ?? false })
    .catch(async (err: unknown) => {
      // An app that could not start (a test of a refused start) leaves no open database behind.
      if (!opts.database) await database.close();
      throw err;
    });
  if (!opts.database) await app.ctx.settings.save(database.db, { twoFactorAuth: opts.requireTwoFactor ?? false });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  const tokens = new Map<string, string>();
  const guestId = randomUUID();

  const helpers = {
    app,
    db: database.db,
    database,
    /** The PostgreSQL URL of this file's database (undefined on PGlite). */
    databaseUrl: (database as { url?: string }).url,
    async close() {
      await app.close();
      await database.close();
    },
    /** A user with the given role (and a unique email unless one is given): buildUser, kept for brevity. */
    async user(role: Role, overrides: { email?: string; status?: string; name?: string } = {}) {
      return buildUser(database, { role, ...overrides });
    },
    async login(email: string, password = PASSWORD) {
      return http(base, 'POST', '/api/admin/auth/login', { body: { email, password } });
    },
    /** A bearer token for a new user of that role (one per role per file, made on first use). */
    async tokenFor(role: Role) {
      const known = tokens.get(role);
      if (known) return known;
      const u = await helpers.user(role);
      const res = await helpers.login(u.email);
      const token = res.json().token as string;
      tokens.set(role, token);
      return token;
    },
    /** POST /api/settings/reset, then 2FA not required again (see requireTwoFactor). */
    async resetSettings() {
      const reset = await helpers.call('POST', '/api/settings/reset');
      if (!opts.requireTwoFactor) await helpers.call('PUT', '/api/settings', { body: { twoFactorAuth: false } });
      return reset;
    },
    /** A request over a real loopback connection, as the given role (admin unless told; null sends no token). */
    async call(method: Method, url: string, opts: { as?: Role | null; token?: string; body?: unknown; headers?: Record<string, string> } = {}): Promise<HttpResponse> {
      const token = opts.token ?? (opts.as === null ? undefined : await helpers.tokenFor(opts.as ?? 'admin'));
      // Without a token the test is one browser of the shop, which sends its guest id with every Idempotency-Key.
      const headers = token ? opts.headers : { [GUEST_ID_HEADER]: guestId, ...opts.headers };
      return http(base, method, url, { token, body: opts.body, headers });
    },
  };
  return helpers;
}
