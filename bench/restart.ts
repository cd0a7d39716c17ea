/**
 * npm run bench:restart [-- --runs=5] [-- --engines=pglite,postgres] [-- --tsx-runs=1] [-- --node=/path/to/node]
 * How long a (re)started server takes until it serves: the compiled server (`npm run build`'s dist-server/, built
 * here into .cache/bench-server/) spawned with plain node on a database it already seeded, timed from the spawn until
 * GET /api/ready answers 200, `runs` times per engine (median and max). `tsx-runs` starts from the TypeScript through
 * tsx too, as `npm start` did before the server was compiled, for comparison.
 * On PostgreSQL it then runs WEB_CONCURRENCY=2, kills one API process with SIGKILL `runs` times and times until the
 * primary's replacement listens and until it answers a request itself (new connections, so the primary's round
 * robin reaches it; the request log names the process). The primary replaces a process that lived 10 s or more at
 * once and backs off for one that dies young again and again (a crash loop), so each kill waits until its victim,
 * the older of the two, has lived 10 s: the figure is a dead process's replacement, not the crash-loop guard.
 * PostgreSQL: BENCH_DATABASE_URL, DATABASE_URL or the local default (bench/lib.ts). Free ports throughout.
 * CPU s: what the server's processes and threads had used by then (Linux /proc), which other work on a shared machine
 * does not stretch as it stretches the wall-clock time.
 * Results: a table here and JSON in bench/results/. The target is 3 s; the run fails (exit 1) only on an error.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { buildServer } from '../scripts/build-server.js';
import { freePort, HANG_MS } from '../scripts/server-process.js';
import {
  freshDatabase,
  percentile,
  postgresReachable,
  postgresTarget,
  processTreeCpuMs,
  table,
  type Engine,
} from './lib.js';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const TARGET_S = 3;

/** `cpuS`: the CPU seconds the server's processes and threads had used by then. */
type Started = { child: ChildProcess; baseUrl: string; ms: number; cpuS: number; output: () => string };
type Timing = { s: number; cpuS: number };
type Row = { engine: Engine; what: string; runs: number; medianS: number; maxS: number; medianCpuS: number };

/** GET on a new connection (no keep-alive): each request goes through the cluster's round robin again. */
function getOnce(url: string): Promise<{ status: number }> {
  return new Promise((resolve) => {
    const req = http.get(url, { agent: false, timeout: 2000 }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0 }));
    });
    req.on('error', () => resolve({ status: 0 }));
    req.on('timeout', () => req.destroy());
  });
}

/** server/index.ts replaces a process that lived this long at once. */
const PRIMARY_YOUNG_MS = 10_500;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Spawns the server and resolves when /api/ready answers 200, with the milliseconds since the spawn. */
async function start(command: string[], env: Record<string, string>, node: string): Promise<Started> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(node, command, {
    cwd: root,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      DEV_CHAIN_PORT: '0',
      DNS_PORT: '0',
      LOG_LEVEL: 'warn',
      SEED_ON_EMPTY: 'true',
      SEED_FILE: 'db.json',
      SERVE_UI: 'false',
      ...env,
      PORT: String(port),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (d: Buffer) => (output = (output + d).slice(-200_000));
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const baseUrl = `http://127.0.0.1:${port}`;
  while ((await getOnce(`${baseUrl}/api/ready`)).status !== 200) {
    if (child.exitCode !== null) throw new Error(`The server exited early:\n${output.slice(-3000)}`);
    if (performance.now() - started > HANG_MS) throw new Error(`The server did not get ready:\n${output.slice(-3000)}`);
    await sleep(20);
  }
  const ms = performance.now() - started;
  return { child, baseUrl, ms, cpuS: processTreeCpuMs(child.pid!) / 1000, output: () => output };
}

function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/** The processes a cluster's primary forked (Linux /proc). */
function childrenOf(pid: number): number[] {
  const text = fs.readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim();
  return text ? text.split(/\s+/).map(Number) : [];
}

/** The pino lines of the output (LOG_LEVEL=info: each process's "Server listening" and its requests, with its pid). */
function logLines(output: string): { pid?: number; msg?: string; url?: string; statusCode?: number }[] {
  return output
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => {
      try {
        return JSON.parse(l) as { pid?: number; msg?: string; url?: string; statusCode?: number };
      } catch {
        return {};
      }
    });
}

/** Kills one API process of a WEB_CONCURRENCY=2 cluster: seconds until its replacement listens, and until it answers. */
async function replaceOne(
  server: Started,
  firstSeen: Map<number, number>,
): Promise<{ listenS: number; answerS: number; cpuS: number }> {
  const primary = server.child.pid!;
  const before = childrenOf(primary);
  if (before.length !== 2) throw new Error(`Expected 2 API processes, found ${before.length}`);
  for (const pid of before) if (!firstSeen.has(pid)) firstSeen.set(pid, performance.now());
  const victim = before.reduce((a, b) => (firstSeen.get(a)! <= firstSeen.get(b)! ? a : b));
  const age = performance.now() - firstSeen.get(victim)!;
  if (age < PRIMARY_YOUNG_MS) await sleep(PRIMARY_YOUNG_MS - age);
  const killed = performance.now();
  process.kill(victim, 'SIGKILL');
  let replacement: number | undefined;
  let listenS: number | undefined;
  for (;;) {
    if (performance.now() - killed > 60_000) throw new Error(`No replacement served:\n${server.output().slice(-3000)}`);
    replacement ??= childrenOf(primary).find((pid) => !before.includes(pid));
    if (replacement !== undefined) {
      const lines = logLines(server.output()).filter((l) => l.pid === replacement);
      if (listenS === undefined && lines.some((l) => l.msg?.startsWith('Server listening')))
        listenS = (performance.now() - killed) / 1000;
      if (lines.some((l) => l.url === '/api/ready' && l.statusCode === 200)) {
        const answerS = (performance.now() - killed) / 1000;
        return { listenS: listenS ?? answerS, answerS, cpuS: processTreeCpuMs(replacement) / 1000 };
      }
    }
    await getOnce(`${server.baseUrl}/api/ready`);
    await sleep(10);
  }
}

function row(engine: Engine, what: string, timings: Timing[]): Row {
  const sorted = timings.map((t) => t.s).sort((a, b) => a - b);
  const cpu = timings.map((t) => t.cpuS).sort((a, b) => a - b);
  return {
    engine,
    what,
    runs: timings.length,
    medianS: percentile(sorted, 50),
    maxS: sorted[sorted.length - 1]!,
    medianCpuS: percentile(cpu, 50),
  };
}

async function benchEngine(engine: Engine, pgUrl: string, runs: number, tsxRuns: number, node: string, outdir: string) {
  const fresh = await freshDatabase(engine, pgUrl);
  await fresh.database.close();
  const env = { ...fresh.env, ...(engine === 'pglite' ? { DATABASE_URL: '' } : {}) };
  const compiled = [path.join(outdir, 'index.js')];
  const rows: Row[] = [];
  try {
    const first = await start(compiled, env, node);
    console.log(`${engine}: first start (migrate and seed db.json) ${(first.ms / 1000).toFixed(1)} s`);
    await stop(first.child);
    const times: Timing[] = [];
    for (let i = 0; i < runs; i++) {
      const s = await start(compiled, env, node);
      times.push({ s: s.ms / 1000, cpuS: s.cpuS });
      console.log(
        `${engine}: compiled start ${i + 1}/${runs}: ${(s.ms / 1000).toFixed(2)} s (CPU ${s.cpuS.toFixed(2)} s)`,
      );
      await stop(s.child);
    }
    rows.push(row(engine, 'start, compiled (node)', times));
    const tsxTimes: Timing[] = [];
    for (let i = 0; i < tsxRuns; i++) {
      const s = await start(['--import', 'tsx', 'server/index.ts'], env, node);
      tsxTimes.push({ s: s.ms / 1000, cpuS: s.cpuS });
      console.log(
        `${engine}: tsx start ${i + 1}/${tsxRuns}: ${(s.ms / 1000).toFixed(2)} s (CPU ${s.cpuS.toFixed(2)} s)`,
      );
      await stop(s.child);
    }
    if (tsxTimes.length) rows.push(row(engine, 'start, TypeScript (tsx)', tsxTimes));
    if (engine === 'postgres') {
      const clusterStarted = performance.now();
      const cluster = await start(compiled, { ...env, WEB_CONCURRENCY: '2', LOG_LEVEL: 'info' }, node);
      console.log(`${engine}: WEB_CONCURRENCY=2 ready in ${(cluster.ms / 1000).toFixed(2)} s`);
      const listens: Timing[] = [];
      const answers: Timing[] = [];
      try {
        // Wait for both API processes: the first answer above may come from one of them.
        while (childrenOf(cluster.child.pid!).length < 2) await sleep(50);
        while (logLines(cluster.output()).filter((l) => l.msg?.startsWith('Server listening')).length < 2)
          await sleep(50);
        const firstSeen = new Map(childrenOf(cluster.child.pid!).map((pid): [number, number] => [pid, clusterStarted]));
        for (let i = 0; i < runs; i++) {
          const r = await replaceOne(cluster, firstSeen);
          listens.push({ s: r.listenS, cpuS: r.cpuS });
          answers.push({ s: r.answerS, cpuS: r.cpuS });
          console.log(
            `${engine}: API process killed, replacement listening ${r.listenS.toFixed(2)} s, answering ${r.answerS.toFixed(2)} s (its CPU ${r.cpuS.toFixed(2)} s)`,
          );
        }
      } finally {
        await stop(cluster.child);
      }
      rows.push(row(engine, 'kill -9 API process → replacement listens', listens));
      rows.push(row(engine, 'kill -9 API process → replacement answers', answers));
    }
  } finally {
    await fresh.dispose();
  }
  return rows;
}

async function main() {
  const { values } = parseArgs({
    options: {
      runs: { type: 'string' },
      engines: { type: 'string' },
      'tsx-runs': { type: 'string' },
      node: { type: 'string' },
    },
  });
  const runs = Number(values.runs ?? 5);
  const tsxRuns = Number(values['tsx-runs'] ?? 1);
  const node = values.node ?? process.execPath;
  const engines = (values.engines?.split(',') ?? ['pglite', 'postgres']) as Engine[];
  // Its own build folder: a server running from dist-server/ is left alone.
  const built = await buildServer(path.join(root, '.cache', 'bench-server'));
  console.log(`server compiled in ${(built.ms / 1000).toFixed(1)} s`);
  const pgTarget = postgresTarget();
  const rows: Row[] = [];
  try {
    for (const engine of engines) {
      if (engine === 'postgres' && !(await postgresReachable(pgTarget))) continue;
      rows.push(...(await benchEngine(engine, pgTarget.url, runs, tsxRuns, node, built.outdir)));
    }
  } finally {
    fs.rmSync(built.outdir, { recursive: true, force: true });
  }
  const nodeVersion = await new Promise<string>((resolve) => {
    const c = spawn(node, ['--version']);
    let out = '';
    c.stdout.on('data', (d: Buffer) => (out += d));
    c.on('close', () => resolve(out.trim()));
  });
  console.log(
    `\n${table(
      rows.map((r) => ({
        engine: r.engine,
        what: r.what,
        node: nodeVersion,
        runs: r.runs,
        'median s': r.medianS.toFixed(2),
        'max s': r.maxS.toFixed(2),
        'median CPU s': r.medianCpuS.toFixed(2),
        [`≤ ${TARGET_S} s`]: r.maxS <= TARGET_S ? 'yes' : 'no',
      })),
    )}\n`,
  );
  const load = os.loadavg();
  if (load[0]! > os.cpus().length)
    console.log(
      `note: load average ${load[0]!.toFixed(1)} on ${os.cpus().length} CPUs: other work slowed these starts.`,
    );
  const dir = path.join(root, 'bench', 'results');
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `restart-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  const machine = { cpus: os.cpus().length, cpuModel: os.cpus()[0]?.model, node: nodeVersion, load };
  fs.writeFileSync(
    file,
    `${JSON.stringify({ at: new Date().toISOString(), machine, target: TARGET_S, rows }, null, 2)}\n`,
  );
  console.log(`results: ${path.relative(process.cwd(), file)}`);
}

main().catch((err: unknown) => {
  console.error(`bench: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
  process.exitCode = 1;
});
