/**
 * Prometheus metrics (issue 40, Metrics): GET /metrics is the unknown API route's 404 unless METRICS_TOKEN comes as a
 * bearer token (a wrong token is that same 404: it learns nothing); METRICS_PORT serves it on a loopback port without
 * one. A scrape labels requests by route pattern, never by the raw address, and passes Debian's `promtool check
 * metrics`. With WEB_CONCURRENCY=2 (PostgreSQL) one scrape holds the sum of both API processes' requests.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, HANG_MS, startServerProcess } from '../../scripts/server-process.js';
import { loopHealth } from '../../server/lib/loop-health.js';
import { startLoop } from '../../server/lib/loop.js';
import { engine } from './engine.js';
import { buildOrder } from './factories.js';
import { createTestApp, type TestApp } from './harness.js';

const TOKEN = 'metrics-token-for-the-tests';
const PROMTOOL = '/usr/bin/promtool';

const baseOf = (t: TestApp) => `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
const get = async (url: string, headers: Record<string, string> = {}) => {
  const res = await fetch(url, { headers });
  return { status: res.status, type: res.headers.get('content-type') ?? '', text: await res.text() };
};

/** The value of one sample line (`name{labels} value`) of a scrape, or undefined. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    if (!line.startsWith(name + '{') && !line.startsWith(name + ' ')) continue;
    const wanted = Object.entries(labels).every(([k, v]) => line.includes(`${k}="${v}"`));
    if (wanted) return Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return undefined;
}

/** `promtool check metrics` on a scrape: its exit code and what it said. */
function promtoolCheck(text: string): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(PROMTOOL, ['check', 'metrics'], { stdio: ['pipe', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d));
    child.stderr.on('data', (d: Buffer) => (out += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, out }));
    child.stdin.end(text);
  });
}

/**
 * promtool's lint lines, less prom-client's own three gauges named `_total` (nodejs_active_handles_total and the like,
 * prom-client's default metrics, which cannot be renamed); every other line is a problem of ours.
 */
const PROM_CLIENT_DEFAULTS =
  /^nodejs_active_(handles|requests|resources)_total non-counter metrics should not have "_total" suffix$/;
const lintProblems = (out: string) =>
  out
    .split('\n')
    .filter(Boolean)
    .filter((line) => !PROM_CLIENT_DEFAULTS.test(line));

describe('metrics off (neither METRICS_TOKEN nor METRICS_PORT)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('GET /metrics is the 404 of an unknown API route', async () => {
    const unknown = await get(`${baseOf(t)}/api/no-such-route`);
    const metrics = await get(`${baseOf(t)}/metrics`, { authorization: `Bearer ${TOKEN}` });
    expect(metrics.status).toBe(404);
    const b = JSON.parse(unknown.text);
    expect(JSON.parse(metrics.text)).toEqual({
      ...b,
      error: b.error.replace('/api/no-such-route', '/metrics'),
      params: { ...b.params, path: '/metrics' },
      requestId: expect.stringMatching(/^[0-9a-f-]{36}$/), // each request's own
    });
  });
});

describe('metrics with METRICS_TOKEN', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ METRICS_TOKEN: TOKEN, WEBHOOK_ALLOW_INSECURE: 'true' });
  });
  afterAll(() => t?.close());

  it('without the token, or with a wrong one, GET /metrics is the same 404 as an unknown route', async () => {
    const unknown = JSON.parse((await get(`${baseOf(t)}/api/no-such-route`)).text);
    const tries: Record<string, string>[] = [
      {},
      { authorization: 'Bearer wrong-token-of-the-same-size!' },
      { authorization: TOKEN },
    ];
    for (const headers of tries) {
      const res = await get(`${baseOf(t)}/metrics`, headers);
      expect(res.status).toBe(404);
      expect(JSON.parse(res.text).code).toBe(unknown.code);
    }
  });

  it('labels requests by route pattern and status class, and passes promtool check metrics', async () => {
    const id = randomUUID();
    expect((await get(`${baseOf(t)}/api/shop/products/${id}`)).status).toBe(404);
    await get(`${baseOf(t)}/api/shop/products/${id}`);
    await get(`${baseOf(t)}/api/not/a/route/${id}`);
    const res = await get(`${baseOf(t)}/metrics`, { authorization: `Bearer ${TOKEN}` });
    expect(res.status).toBe(200);
    expect(res.type).toContain('text/plain');
    const byPattern = { method: 'GET', route: '/api/shop/products/:id', status_class: '4xx' };
    expect(sample(res.text, 'http_request_duration_seconds_count', byPattern)).toBe(2);
    expect(sample(res.text, 'http_request_duration_seconds_count', { route: 'unmatched' })).toBeGreaterThanOrEqual(1);
    expect(res.text).not.toContain(id);
    expect(sample(res.text, 'http_requests_in_flight')).toBe(1); // the scrape itself
    expect(sample(res.text, 'rwa_mint_jobs', { status: 'queued' })).toBe(0);
    expect(sample(res.text, 'rwa_email_messages', { status: 'failed' })).toBe(0);
    expect(sample(res.text, 'rwa_metrics_queue_read_ok')).toBe(1);
    expect(res.text).toContain('nodejs_eventloop_lag_seconds');
    if (engine() === 'postgres') expect(sample(res.text, 'rwa_db_pool_connections')).toBeGreaterThan(0);

    if (!fs.existsSync(PROMTOOL)) {
      console.log(`metrics: promtool check skipped: ${PROMTOOL} is missing (Debian package prometheus)`);
      return;
    }
    const check = await promtoolCheck(res.text);
    // Exit code 3: lint lines only (the text parsed); 1: it did not parse.
    expect([0, 3], check.out).toContain(check.code);
    expect(lintProblems(check.out)).toEqual([]);
  });

  it('counts paid orders and their amounts by currency where they become paid', async () => {
    const scrape = async () => (await get(`${baseOf(t)}/metrics`, { authorization: `Bearer ${TOKEN}` })).text;
    const before = await scrape();
    const order = await buildOrder(t, { paid: true });
    const after = await scrape();
    const currency = { currency: order.currency };
    const delta = (name: string) => (sample(after, name, currency) ?? 0) - (sample(before, name, currency) ?? 0);
    expect(delta('rwa_orders_paid_total')).toBe(1);
    expect(delta('rwa_revenue_paid_minor_units_total')).toBe(Math.round(order.amountFiat * 100));
    expect(after).toContain('# TYPE rwa_tokens_minted_total counter');
    for (const name of [
      'rwa_refunds_total',
      'rwa_refunded_minor_units_total',
      'rwa_commissions_approved_total',
      'rwa_commissions_approved_minor_units_total',
      'rwa_webhook_deliveries_total',
    ])
      expect(after).toContain(`# TYPE ${name} counter`);
  });

  it('tells the webhook deliveries not yet ended and the oldest waiting one’s age', async () => {
    const closed = await freePort();
    const created = await t.call('POST', '/api/webhooks', {
      as: 'admin',
      body: { url: `http://127.0.0.1:${closed}/hook`, events: ['order.created'] },
    });
    expect(created.statusCode, created.body).toBe(201);
    await buildOrder(t);
    const scrape = async () => (await get(`${baseOf(t)}/metrics`, { authorization: `Bearer ${TOKEN}` })).text;
    const open = (text: string) =>
      (sample(text, 'rwa_webhook_deliveries', { status: 'pending' }) ?? 0) +
      (sample(text, 'rwa_webhook_deliveries', { status: 'sending' }) ?? 0);
    await expect.poll(async () => open(await scrape())).toBeGreaterThanOrEqual(1);
    expect(sample(await scrape(), 'rwa_webhook_oldest_pending_age_seconds')).toBeGreaterThanOrEqual(0);
  });

  it('tells each background loop’s last good pass and its failures, crypto deposits waiting and payouts unapproved', async () => {
    let passes = 0;
    // The figures are the process's: an earlier file's app in this worker may have run this loop already.
    const started = Date.now() / 1000;
    const loop = startLoop(
      async () => {
        if (passes++ === 0) throw new Error('the chain is away');
      },
      20,
      () => undefined,
      'payout_completer',
    );
    await expect.poll(() => loopHealth().get('payout_completer')?.lastSuccessAt ?? 0).toBeGreaterThanOrEqual(started);
    await loop.stop();
    const text = (await get(`${baseOf(t)}/metrics`, { authorization: `Bearer ${TOKEN}` })).text;
    const byLoop = { loop: 'payout_completer' };
    expect(sample(text, 'rwa_loop_errors_total', byLoop)).toBeGreaterThanOrEqual(1);
    const last = sample(text, 'rwa_loop_last_success_timestamp_seconds', byLoop)!;
    expect(last).toBeGreaterThanOrEqual(started);
    expect(last).toBeLessThanOrEqual(Date.now() / 1000);
    expect(sample(text, 'rwa_loop_running', byLoop)).toBe(1);
    expect(sample(text, 'rwa_crypto_deposits_pending')).toBe(0);
    expect(sample(text, 'rwa_payouts_awaiting_approval')).toBe(0);
    expect(sample(text, 'rwa_metrics_queue_read_ok')).toBe(1);
  });

  it('counts rate-limit refusals by route', async () => {
    // Scraped on METRICS_PORT, which no rate limit counts.
    const port = await freePort();
    const limited = await createTestApp({ METRICS_PORT: String(port), RATE_LIMIT_MAX: '2' }, { database: t.database });
    try {
      const statuses = [];
      for (let i = 0; i < 4; i++) statuses.push((await get(`${baseOf(limited)}/api/health`)).status);
      expect(statuses).toEqual([200, 200, 429, 429]);
      const res = await get(`http://127.0.0.1:${port}/metrics`);
      expect(sample(res.text, 'rwa_rate_limit_refusals_total', { route: '/api/health' })).toBe(2);
    } finally {
      await limited.app.close();
    }
  });
});

describe('metrics on METRICS_PORT', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    port = await freePort();
    t = await createTestApp({ METRICS_PORT: String(port) });
  });
  afterAll(() => t?.close());

  it('serves the scrape on its own loopback port without a token, and nothing on the API port', async () => {
    await get(`${baseOf(t)}/api/health`);
    const res = await get(`http://127.0.0.1:${port}/metrics`);
    expect(res.status).toBe(200);
    expect(sample(res.text, 'http_request_duration_seconds_count', { route: '/api/health' })).toBeGreaterThan(0);
    expect((await get(`http://127.0.0.1:${port}/other`)).status).toBe(404);
    expect((await get(`${baseOf(t)}/metrics`)).status).toBe(404);
  });
});

const onPostgres = engine() === 'postgres';
describe.runIf(onPostgres)('WEB_CONCURRENCY=2: one scrape for both API processes', () => {
  let t: TestApp;
  let server: Awaited<ReturnType<typeof startServerProcess>>;
  let metricsPort: number;
  beforeAll(async () => {
    t = await createTestApp();
    metricsPort = await freePort();
    server = await startServerProcess({
      DATABASE_URL: t.databaseUrl!,
      WEB_CONCURRENCY: '2',
      SEED_ON_EMPTY: 'false',
      SERVE_UI: 'false',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
      RATE_LIMIT_MAX: '100000',
      METRICS_TOKEN: TOKEN,
      METRICS_PORT: String(metricsPort),
    });
  }, HANG_MS + 60_000);
  afterAll(async () => {
    await server?.stop();
    await t?.close();
  });

  it('sums the requests of both processes, on METRICS_PORT and through the token alike', async () => {
    const id = randomUUID();
    // New connections each time: the cluster hands them to its processes in turn.
    const sent = 20;
    for (let i = 0; i < sent; i++)
      await fetch(`${server.baseUrl}/api/shop/products/${id}`, { headers: { connection: 'close' } });
    const byPattern = { route: '/api/shop/products/:id', status_class: '4xx' };
    // A process still compiling what the first requests loaded (tsx, a cold cache) may miss the primary's 5 s: that
    // scrape is a 503, and the next one, as Prometheus would take it, is whole.
    let onPort = await get(`http://127.0.0.1:${metricsPort}/metrics`);
    for (let tries = 1; onPort.status === 503 && tries < 3; tries++)
      onPort = await get(`http://127.0.0.1:${metricsPort}/metrics`);
    expect(onPort.status, onPort.text).toBe(200);
    expect(sample(onPort.text, 'rwa_metrics_processes')).toBe(2);
    expect(sample(onPort.text, 'http_request_duration_seconds_count', byPattern)).toBe(sent);
    const viaToken = await get(`${server.baseUrl}/metrics`, { authorization: `Bearer ${TOKEN}`, connection: 'close' });
    expect(viaToken.status).toBe(200);
    expect(sample(viaToken.text, 'rwa_metrics_processes')).toBe(2);
    expect(sample(viaToken.text, 'http_request_duration_seconds_count', byPattern)).toBe(sent);
    // The primary's business counters join the sum once (its mint worker counts the tokens minted).
    expect(viaToken.text.match(/^# TYPE rwa_tokens_minted_total counter$/gm)).toHaveLength(1);
    expect(sample(viaToken.text, 'rwa_tokens_minted_total')).toBe(0);
    // So do its background loops: the checkout sweeper runs in the primary only.
    expect(sample(viaToken.text, 'rwa_loop_running', { loop: 'checkout_sweeper' })).toBe(1);
    if (fs.existsSync(PROMTOOL)) expect(lintProblems((await promtoolCheck(viaToken.text)).out)).toEqual([]);
  });
});
