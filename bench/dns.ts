/**
 * npm run bench:dns: the embedded DNS server under load. A fresh PGlite database gets N records (default 1,000) in the
 * managed zone; then C concurrent clients (node's Resolver, UDP) ask for random names (nine in ten that exist, one
 * that does not) for S seconds, and every answer is checked against the records; once alone, once with garbage
 * (random datagrams and crafted headers, G a second from another address, bench/dns-garbage.mjs) arriving beside.
 * Response rate limiting is off: every client shares one address. Options: -- --records=N --clients=N --seconds=N
 * --garbage=G.
 */
import { Resolver } from 'node:dns/promises';
import { Worker } from 'node:worker_threads';
import { sql } from 'drizzle-orm';
import { dnsRecords } from '../server/db/schema.js';
import { startDnsServer } from '../server/modules/domain/dns-server.js';
import { freshDatabase, percentile, table } from './lib.js';

const arg = (name: string, fallback: number) =>
  Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback);
const RECORDS = arg('records', 1000);
const CLIENTS = arg('clients', 20);
const SECONDS = arg('seconds', 10);
const GARBAGE = arg('garbage', 2000);

type Row = { value: string };

async function measure(port: number, rows: Row[]) {
  const latencies: number[] = [];
  let wrong = 0;
  let errors = 0;
  const until = Date.now() + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      const resolver = new Resolver({ timeout: 2000, tries: 1 });
      resolver.setServers([`127.0.0.1:${port}`]);
      while (Date.now() < until) {
        const i = Math.floor(Math.random() * RECORDS * 1.1);
        const started = performance.now();
        try {
          const answer = await resolver.resolve4(`h${i}.rwa.test`);
          if (i >= RECORDS || answer[0] !== rows[i]!.value) wrong += 1;
        } catch (err) {
          if (!(i >= RECORDS && (err as { code?: string }).code === 'ENOTFOUND')) errors += 1;
        }
        latencies.push(performance.now() - started);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  return { latencies, wrong, errors };
}

async function withGarbage<T>(port: number, run: () => Promise<T>): Promise<T & { garbage: number }> {
  const sender = new Worker(new URL('./dns-garbage.mjs', import.meta.url), { workerData: { port, rate: GARBAGE } });
  const result = await run();
  const done = new Promise<{ sent: number }>((resolve) => sender.once('message', resolve));
  sender.postMessage('stop');
  const { sent } = await done;
  await sender.terminate();
  return { ...result, garbage: sent };
}

async function main() {
  const fresh = await freshDatabase('pglite', '');
  try {
    await fresh.database.migrate();
    const rows = Array.from({ length: RECORDS }, (_, i) => ({
      domain: `h${i}.rwa.test`,
      type: 'A',
      value: `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`,
      ttl: 300,
    }));
    for (let i = 0; i < rows.length; i += 500)
      await fresh.database.db.insert(dnsRecords).values(rows.slice(i, i + 500));
    const count = (await fresh.database.db.select({ n: sql<number>`count(*)::int` }).from(dnsRecords))[0]!.n;
    const server = await startDnsServer({
      db: fresh.database.db,
      host: '127.0.0.1',
      port: 0,
      zones: ['rwa.test'],
      nameservers: [{ name: 'ns1.rwa.test', address: '127.0.0.1' }],
      rrl: { perSecond: 0, slip: 0 },
      log: { info: () => {}, warn: console.warn, error: console.error },
    });
    const runs = [
      { run: 'without garbage', ...(await measure(server.port, rows)), garbage: 0 },
      { run: `with garbage (${GARBAGE}/s)`, ...(await withGarbage(server.port, () => measure(server.port, rows))) },
    ];
    await server.close();
    console.log(
      table(
        runs.map(({ run, latencies, wrong, errors, garbage }) => ({
          run,
          records: count,
          clients: CLIENTS,
          seconds: SECONDS,
          queries: latencies.length,
          'queries/s': Math.round(latencies.length / SECONDS),
          'p50 ms': percentile(latencies, 50).toFixed(2),
          'p99 ms': percentile(latencies, 99).toFixed(2),
          'wrong answers': wrong,
          errors,
          'garbage sent': garbage,
        })),
      ),
    );
    if (runs.some((r) => r.wrong || r.errors)) process.exitCode = 1;
  } finally {
    await fresh.dispose();
  }
}

await main();
