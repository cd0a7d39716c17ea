/**
 * npm run bench:dns: the embedded DNS server under load. A fresh PGlite database gets N records (default 1,000) in the
 * managed zone; then C concurrent clients (node's Resolver, UDP) ask for random names (nine in ten that exist, one
 * that does not) for S seconds, and every answer is checked against the records. Options: -- --records=N
 * --clients=N --seconds=N.
 */
import { Resolver } from 'node:dns/promises';
import { sql } from 'drizzle-orm';
import { dnsRecords } from '../server/db/schema.js';
import { startDnsServer } from '../server/modules/domain/dns-server.js';
import { freshDatabase, percentile, table } from './lib.js';

const arg = (name: string, fallback: number) => Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback);
const RECORDS = arg('records', 1000);
const CLIENTS = arg('clients', 20);
const SECONDS = arg('seconds', 10);

async function main() {
  const fresh = await freshDatabase('pglite', '');
  try {
    await fresh.database.migrate();
    const rows = Array.from({ length: RECORDS }, (_, i) => ({ domain: `h${i}.rwa.test`, type: 'A', value: `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`, ttl: 300 }));
    for (let i = 0; i < rows.length; i += 500) await fresh.database.db.insert(dnsRecords).values(rows.slice(i, i + 500));
    const count = (await fresh.database.db.select({ n: sql<number>`count(*)::int` }).from(dnsRecords))[0]!.n;
    const server = await startDnsServer({ db: fresh.database.db, port: 0, zones: ['rwa.test'], log: { info: () => {}, warn: console.warn, error: console.error } });
    const latencies: number[] = [];
    let wrong = 0;
    let errors = 0;
    const until = Date.now() + SECONDS * 1000;
    await Promise.all(Array.from({ length: CLIENTS }, async () => {
      const resolver = new Resolver({ timeout: 2000, tries: 1 });
      resolver.setServers([`127.0.0.1:${server.port}`]);
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
    }));
    await server.close();
    latencies.sort((a, b) => a - b);
    console.log(table([{
      records: count, clients: CLIENTS, seconds: SECONDS, queries: latencies.length, 'queries/s': Math.round(latencies.length / SECONDS),
      'p50 ms': percentile(latencies, 50).toFixed(2), 'p99 ms': percentile(latencies, 99).toFixed(2), 'wrong answers': wrong, errors,
    }]));
    if (wrong || errors) process.exitCode = 1;
  } finally {
    await fresh.dispose();
  }
}

await main();
