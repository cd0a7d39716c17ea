import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import nodeHttp from 'node:http';
import pg from 'pg';
import { expect, inject } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp, type BuildOptions } from '../../server/app.js';
import { GUEST_ID_HEADER } from '../../src/common/checkout.js';
import { loadConfig } from '../../server/config.js';
import { setPublicOrigin } from '../../server/lib/site.js';
import { caughtUp, mark, publishSince } from '../../server/lib/invalidation.js';
import { fromPglite, fromPgliteThread, fromPostgres, openPglite, type Database } from '../../server/db/client.js';
import { PGliteThread } from '../../server/db/pglite-thread.js';
import { engine, postgresUrl, withDatabase } from './engine.js';
import { buildUser, PASSWORD, type Role } from './factories.js';
import { answerChecker, type OpenApiDocument } from './openapi-answers.js';

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
  // TEST_PGLITE_THREAD=true: PGlite in a worker thread, as the server runs it.
  if (process.env.TEST_PGLITE_THREAD === 'true')
    return fromPgliteThread(
      await PGliteThread.create({ dump: new Uint8Array(fs.readFileSync(inject('pgliteTemplate'))) }),
    );
  return fromPglite(await openPglite(undefined, { loadDataDir: templateBlob() }));
}

/** The template as a Blob, made once per worker (a Blob is never changed; making one copies the whole dump). */
let template: Blob | undefined;
const templateBlob = () => (template ??= new Blob([fs.readFileSync(inject('pgliteTemplate'))]));

/**
 * The answer checker of an app's OpenAPI document, shared by the apps of a worker that have the same routes: each
 * route's schemas are its module's constants, so the same routes make the same document, and making it (zod to JSON
 * schema) and compiling its validators cost half a second of CPU an app.
 */
const checkers = new Map<string, { doc: OpenApiDocument; check: ReturnType<typeof answerChecker> }>();
function checkerFor(app: FastifyInstance) {
  const routes = app.printRoutes({ commonPrefix: false });
  let checker = checkers.get(routes);
  if (!checker) {
    const doc = app.swagger() as unknown as OpenApiDocument;
    checkers.set(routes, (checker = { doc, check: answerChecker(doc) }));
  }
  return checker;
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Numbers each call of a test app, so its server-side hook can say which route the call reached. */
const CALL_HEADER = 'x-test-call';

/** What a test reads of an answer (the same names as fastify.inject's, which some tests still use directly). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- assertions read whatever fields an answer has
export type HttpResponse = { statusCode: number; headers: Record<string, string>; body: string; json(): any };

/** What a call sends: JSON (`body`), multipart/form-data (`form`, for the uploads) or a text as it is (`raw`, with its own content type). */
type Sent = { token?: string; body?: unknown; form?: FormData; headers?: Record<string, string>; raw?: string };

async function http(base: string, method: Method, url: string, opts: Sent): Promise<HttpResponse> {
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(base + url, {
    method,
    headers,
    body: opts.form ?? opts.raw ?? (opts.body === undefined ? undefined : JSON.stringify(opts.body)),
  });
  const body = await res.text();
  return { statusCode: res.status, headers: Object.fromEntries(res.headers), body, json: () => JSON.parse(body) };
}

/** A JSON POST on its own connection from another loopback address (127.0.0.2 …): the server's req.ip is that address. */
function postFrom(localAddress: string, url: string, body: unknown): Promise<HttpResponse> {
  return new Promise((resolve, reject) => {
    const payload = JSON.stringify(body);
    const req = nodeHttp.request(
      url,
      {
        method: 'POST',
        agent: false,
        localAddress,
        headers: { connection: 'close', 'content-type': 'application/json' },
      },
      (res) => {
        let text = '';
        res.on('data', (d: Buffer) => (text += d));
        res.on('end', () =>
          resolve({
            statusCode: res.statusCode ?? 0,
            headers: res.headers as Record<string, string>,
            body: text,
            json: () => JSON.parse(text),
          }),
        );
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

type TestAppOptions = Pick<
  BuildOptions,
  'chain' | 'worker' | 'sweeper' | 'notifier' | 'dnsServer' | 'payoutCompleter' | 'webhookWorker' | 'logStream'
> & {
  database?: Database;
  /**
   * The setting "Require 2FA for all users" (default true) would send every staff login of every test to 2FA
   * enrolment, so a test app turns it off unless told; tests of the requirement pass true (or PUT the setting).
   */
  requireTwoFactor?: boolean;
};

/** A fresh migrated database and app for one test file, with helpers to make users and call the API. */
export async function createTestApp(env: Record<string, string> = {}, opts: TestAppOptions = {}) {
  const database = opts.database ?? (await openTestDatabase());
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    SEED_ON_EMPTY: 'false',
    RATE_LIMIT_MAX: '100000',
    PAYMENT_RATE_LIMIT_MAX: '100000',
    DEV_CHAIN_PORT: '0',
    DNS_PORT: '0',
    ...env,
  });
  const app: FastifyInstance = await buildApp({
    config,
    database,
    chain: opts.chain ?? false,
    worker: opts.worker,
    sweeper: opts.sweeper ?? false,
    notifier: opts.notifier ?? false,
    dnsServer: opts.dnsServer ?? false,
    payoutCompleter: opts.payoutCompleter ?? false,
    webhookWorker: opts.webhookWorker ?? false,
    logStream: opts.logStream,
  }).catch(async (err: unknown) => {
    // An app that could not start (a test of a refused start) leaves no open database behind.
    if (!opts.database) await database.close();
    throw err;
  });
  if (!opts.database) {
    const since = mark();
    await app.ctx.settings.save(database.db, { twoFactorAuth: opts.requireTwoFactor ?? false });
    // Its notification heard back before the first call (PostgreSQL): else, arriving late on a busy machine, it would
    // drop the settings a test's first calls had cached, and a count of their statements would differ from run to run.
    await publishSince(since);
    await caughtUp();
  }
  // Which route each call reached (Fastify's route url), so that its answer can be checked against the document.
  // onSend runs for every answer, those of a refusing onRequest hook (401, 429) too.
  const routeOfCall = new Map<string, string>();
  app.addHook('onSend', async (req, reply, payload) => {
    const call = req.headers[CALL_HEADER];
    if (typeof call === 'string' && req.routeOptions.url) routeOfCall.set(call, req.routeOptions.url);
    if (process.env.TEST_ROUTES_LOG && req.routeOptions.url)
      fs.appendFileSync(
        process.env.TEST_ROUTES_LOG,
        `${req.method} ${req.routeOptions.url} ${reply.statusCode}\t${expect.getState().testPath ?? ''}\n`,
      );
    return payload;
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const port = (app.server.address() as { port: number }).port;
  const base = `http://127.0.0.1:${port}`;
  // As index.ts does once the port is bound: links nobody's request carries point here (or to PUBLIC_URL).
  setPublicOrigin(config.publicUrl, '127.0.0.1', port);
  let checkAnswer: ReturnType<typeof checkerFor> | undefined;
  let calls = 0;
  /** A request whose answer must be one the OpenAPI document declares for its route, or the test fails. */
  async function checked(method: Method, url: string, opts: Sent) {
    const call = String(++calls);
    const res = await http(base, method, url, { ...opts, headers: { ...opts.headers, [CALL_HEADER]: call } });
    const route = routeOfCall.get(call);
    routeOfCall.delete(call);
    if (route) {
      checkAnswer ??= checkerFor(app);
      const problem = checkAnswer.check(method, route, res);
      if (problem) throw new Error(`The answer does not match the OpenAPI document: ${problem}`);
    }
    return res;
  }
  const tokens = new Map<string, string>();
  const guestId = randomUUID();

  const helpers = {
    app,
    /** The OpenAPI document every call's answer is checked against (shared by the worker's apps with these routes). */
    checkedDocument: () => checkerFor(app).doc,
    /** Where this app listens: what emails link to when neither the Site URL setting nor PUBLIC_URL is set. */
    base,
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
    /** Logs in from 127.0.0.1, or from another loopback address (`from`: the lockout counts per address). */
    async login(email: string, password = PASSWORD, from?: string) {
      if (from) return postFrom(from, `${base}/api/admin/auth/login`, { email, password });
      return checked('POST', '/api/admin/auth/login', { body: { email, password } });
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
    async call(method: Method, url: string, opts: Sent & { as?: Role | null } = {}): Promise<HttpResponse> {
      const token = opts.token ?? (opts.as === null ? undefined : await helpers.tokenFor(opts.as ?? 'admin'));
      // Without a token the test is one browser of the shop, which sends its guest id with every Idempotency-Key.
      const headers = token ? opts.headers : { [GUEST_ID_HEADER]: guestId, ...opts.headers };
      return checked(method, url, { token, body: opts.body, form: opts.form, raw: opts.raw, headers });
    },
  };
  return helpers;
}
