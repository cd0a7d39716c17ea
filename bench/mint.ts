/**
 * Mint queue throughput and dev-chain restart time, through the real worker and database.
 *   npm run bench:mint [-- --jobs=1000] [-- --replay=10000] [-- --engines=pglite,postgres]
 * 1. Queue `jobs` mints and time the worker draining them (sign → store → broadcast → receipt → record).
 * 2. Queue more until the replay log holds `replay` transactions, drain them (rate reported too).
 * 3. Stop, then time the server's chain start: read the log, deploy, replay every stored transaction;
 *    check that balances and the block number are the same as before.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { count, eq, ne } from 'drizzle-orm';
import type { Address, PublicClient } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { readBalance } from '../server/chain/contract.js';
import { startChainRuntime } from '../server/modules/mint/runtime.js';
import { DEV_CHAIN_ID } from '../server/chain/edr-provider.js';
import type { Db } from '../server/db/client.js';
import { chainTransactions, mintJobs } from '../server/db/schema.js';
import { freshDatabase, postgresReachable, postgresTarget, table, type Engine } from './lib.js';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const quiet = { info() {}, warn: (m: string) => console.warn(m), error: (m: string) => console.error(m) };
const WALLETS: Address[] = Array.from({ length: 50 }, () => privateKeyToAccount(generatePrivateKey()).address);

type Run = {
  engine: Engine;
  jobs: number;
  drainS: number;
  jobsPerS: number;
  logged: number;
  sustainedPerS: number;
  replayS: number;
  replayOnlyS: number;
  same: boolean;
};

async function queue(db: Db, n: number) {
  for (let i = 0; i < n; i += 1000) {
    await db.insert(mintJobs).values(
      Array.from({ length: Math.min(1000, n - i) }, (_, k) => ({
        walletAddress: WALLETS[(i + k) % WALLETS.length]!,
        tokenId: String(1 + ((i + k) % 5)),
        amount: '1',
        status: 'queued',
      })),
    );
  }
}

async function drain(db: Db) {
  const started = performance.now();
  for (;;) {
    const [open] = await db.select({ n: count() }).from(mintJobs).where(ne(mintJobs.status, 'succeeded'));
    if (open!.n === 0) return (performance.now() - started) / 1000;
    const [failed] = await db.select({ n: count() }).from(mintJobs).where(eq(mintJobs.status, 'failed'));
    if (failed!.n > 0) throw new Error(`${failed!.n} mint jobs failed`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

async function snapshot(runtime: Awaited<ReturnType<typeof startChainRuntime>>) {
  const chain = runtime.chain!;
  const client = chain.publicClient as unknown as PublicClient;
  const balances = await Promise.all(WALLETS.slice(0, 5).map((w) => readBalance(client, chain.tokenAddress, w, 1n)));
  return `${await chain.publicClient.getBlockNumber()}:${balances.join(',')}`;
}

async function benchOne(engine: Engine, jobs: number, replayTarget: number, pgUrl: string): Promise<Run> {
  const fresh = await freshDatabase(engine, pgUrl);
  try {
    const { db } = fresh.database;
    await fresh.database.migrate();
    const config = { mode: 'dev', chainId: DEV_CHAIN_ID, devPort: null } as const;
    const worker = { pollMs: 20, batchSize: 100 };
    let runtime = await startChainRuntime({ db, config, runWorker: false, log: quiet });

    await queue(db, jobs);
    const w = await startChainRuntime({ db, config, runWorker: true, log: quiet, worker });
    await runtime.close();
    runtime = w;
    const drainS = await drain(db);
    console.log(`${engine}: ${jobs} jobs drained in ${drainS.toFixed(1)} s (${(jobs / drainS).toFixed(0)} jobs/s)`);

    const more = Math.max(0, replayTarget - jobs);
    await queue(db, more);
    const moreS = more ? await drain(db) : 0;
    const [logged] = await db.select({ n: count() }).from(chainTransactions);
    const before = await snapshot(runtime);
    await runtime.close();

    const started = performance.now();
    runtime = await startChainRuntime({ db, config, runWorker: false, log: quiet });
    const replayS = (performance.now() - started) / 1000;
    const replayOnlyS = runtime.chain!.devChain!.replayed.ms / 1000;
    const same = (await snapshot(runtime)) === before;
    await runtime.close();
    console.log(
      `${engine}: restart with ${logged!.n} stored transactions in ${replayS.toFixed(1)} s; state ${same ? 'matches' : 'DIFFERS'}`,
    );
    return {
      engine,
      jobs,
      drainS,
      jobsPerS: jobs / drainS,
      logged: logged!.n,
      sustainedPerS: more ? more / moreS : 0,
      replayS,
      replayOnlyS,
      same,
    };
  } finally {
    await fresh.dispose();
  }
}

async function main() {
  const { values } = parseArgs({
    options: { jobs: { type: 'string' }, replay: { type: 'string' }, engines: { type: 'string' } },
  });
  const jobs = Number(values.jobs ?? 1000);
  const replay = Number(values.replay ?? 10_000);
  if (![jobs, replay].every((n) => Number.isSafeInteger(n) && n >= 1))
    throw new Error('--jobs and --replay must be whole numbers ≥ 1.');
  const pgTarget = postgresTarget();
  const engines = (values.engines?.split(',') ?? ['pglite', 'postgres']) as Engine[];
  const runs: Run[] = [];
  for (const engine of engines) {
    if (engine === 'postgres' && !(await postgresReachable(pgTarget))) continue;
    runs.push(await benchOne(engine, jobs, replay, pgTarget.url));
  }
  console.log(
    `\n${table(
      runs.map((r) => ({
        engine: r.engine,
        jobs: r.jobs,
        'drain s': r.drainS.toFixed(1),
        'jobs/s': Math.round(r.jobsPerS),
        'sustained jobs/s': Math.round(r.sustainedPerS),
        'stored txs': r.logged,
        'restart s': r.replayS.toFixed(1),
        'replay s': r.replayOnlyS.toFixed(1),
        state: r.same ? 'same' : 'DIFFERS',
      })),
    )}\n`,
  );
  const dir = path.join(root, 'bench', 'results');
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `mint-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  const machine = { cpus: os.cpus().length, cpuModel: os.cpus()[0]?.model, node: process.version, load: os.loadavg() };
  fs.writeFileSync(file, `${JSON.stringify({ at: new Date().toISOString(), machine, runs }, null, 2)}\n`);
  console.log(`results: ${path.relative(process.cwd(), file)}`);
  if (runs.some((r) => !r.same)) process.exitCode = 1;
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
