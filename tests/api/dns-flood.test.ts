/**
 * Garbage sent to the DNS port must not delay the HTTP API: crafted headers (every count at 65,535), random datagrams
 * and random TCP frames arrive from a worker thread (dns-flood-sender.mjs) while this thread calls GET /api/health
 * every 50 ms over a real connection; every call must answer within 200 ms, and the server still answers afterwards.
 */
import { Worker } from 'node:worker_threads';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildDnsRecord } from './factories.js';
import { createTestApp, type TestApp } from './harness.js';
import { dataOf, tcpQuery, udpQuery } from './dns-client.js';

const HEALTH_EVERY_MS = 50;
const HEALTH_WITHIN_MS = 200;

let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await createTestApp({}, { dnsServer: true });
  port = t.app.ctx.dnsServer!.port;
});
afterAll(async () => {
  await t?.close();
});

async function healthLatencies(until: Promise<unknown>): Promise<number[]> {
  const latencies: number[] = [];
  let done = false;
  void until.finally(() => {
    done = true;
  });
  const url = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}/api/health`;
  while (!done) {
    const started = performance.now();
    const res = await fetch(url, { signal: AbortSignal.timeout(5000) }).catch(() => null);
    latencies.push(res?.status === 200 ? performance.now() - started : Infinity);
    await new Promise((r) => setTimeout(r, HEALTH_EVERY_MS));
  }
  return latencies;
}

/** One flood from a worker thread, with the health latencies measured from its first packet to 500 ms after its last. */
async function floodRound() {
  const sender = new Worker(new URL('./dns-flood-sender.mjs', import.meta.url), {
    workerData: { port, crafted: 200, random: 1000, tcpFrames: 100, from: '127.0.0.2', seconds: 2 },
  });
  const next = () =>
    new Promise<{ ready?: true; sent?: number; formerr?: number }>((resolve, reject) => {
      sender.once('message', resolve);
      sender.once('error', reject);
    });
  await next();
  const done = next();
  sender.postMessage('go');
  // Half a second more after the last packet: work the flood queued must not show up late either.
  const latencies = await healthLatencies(done.then(() => new Promise((r) => setTimeout(r, 500))));
  const { sent, formerr } = await done;
  await sender.terminate();
  return { latencies, sent, formerr };
}

it('answers GET /api/health within 200 ms while the DNS port is flooded, and still resolves afterwards', async () => {
  const record = await buildDnsRecord(t, { value: '192.0.2.77' });
  // The first calls (a new connection, the route's first run) are slow on any day: not what is measured here.
  for (let i = 0; i < 5; i += 1) await t.call('GET', '/api/health', { as: null });
  let round = await floodRound();
  if (Math.max(...round.latencies) >= HEALTH_WITHIN_MS) {
    // A machine busy with other work can stall any thread now and then; a DNS server on this event loop stalls it for
    // seconds on every crafted header, in every round. One more round tells them apart.
    console.warn(`health latencies (ms) of a slow first round: ${round.latencies.map(Math.round).join(' ')}`);
    round = await floodRound();
  }
  expect(round.sent).toBe(1300);
  expect(round.formerr).toBeGreaterThan(0);
  expect(round.latencies.length).toBeGreaterThan(20);
  expect(Math.max(...round.latencies)).toBeLessThan(HEALTH_WITHIN_MS);

  const from = { port, localAddress: '127.0.0.3' };
  const udp = await udpQuery(record.domain, 'A', from);
  expect(udp?.answers.map(dataOf)).toEqual(['192.0.2.77']);
  const tcp = await tcpQuery(record.domain, 'A', from);
  expect(tcp.answers.map(dataOf)).toEqual(['192.0.2.77']);
}, 90_000);
