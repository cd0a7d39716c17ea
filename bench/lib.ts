import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { fromPglite, fromPostgres, openPglite, type Database } from '../server/db/client.js';
import { compiledServerForRun } from '../scripts/build-server.js';

// The servers and commands a benchmark starts run as `npm start` runs them: compiled (once per run), not through tsx.
process.on('exit', await compiledServerForRun('bench'));

export type Engine = 'pglite' | 'postgres';
export type Fresh = { database: Database; env: Record<string, string>; dispose(): Promise<void> };

// One database per run: benchmarks started from several work trees at once must not drop each other's.
const BENCH_DB = `rwa_bench_${process.pid}`;
const DEFAULT_PG = 'postgres://postgres@127.0.0.1:5432/test';

/** The server to benchmark PostgreSQL on, and whether the caller asked for it explicitly. */
export function postgresTarget(): { url: string; explicit: boolean } {
  const url = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL;
  return url ? { url, explicit: true } : { url: DEFAULT_PG, explicit: false };
}

/** An empty database: a new PGlite directory, or the run's own `rwa_bench_<pid>` database dropped and created again. */
export async function freshDatabase(engine: Engine, serverUrl: string, name = BENCH_DB): Promise<Fresh> {
  if (engine === 'pglite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rwa-bench-'));
    fs.mkdirSync(path.join(dir, 'pglite'));
    const database = fromPglite(await openPglite(path.join(dir, 'pglite')));
    return {
      database,
      env: { DATA_DIR: dir },
      dispose: async () => {
        await database.close().catch(() => undefined); // closed already when a server process opened it
        fs.rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  await adminQuery(serverUrl, [`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`, `CREATE DATABASE ${name}`]);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = fromPostgres(url.toString());
  return {
    database,
    env: { DATABASE_URL: url.toString() },
    dispose: async () => {
      // The caller may have closed it already (a server process opens the database itself): the drop must still run.
      await database.close().catch(() => undefined);
      await adminQuery(serverUrl, [`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`]);
    },
  };
}

/** False (with a note) when no PostgreSQL answers at the default URL; an explicitly given URL that fails throws. */
export async function postgresReachable(target: { url: string; explicit: boolean }) {
  try {
    const probe = await freshDatabase('postgres', target.url);
    await probe.dispose();
    return true;
  } catch (err) {
    if (target.explicit) throw err;
    console.log(`postgres: skipped (no server at the default URL: ${(err as Error).message})`);
    return false;
  }
}

async function adminQuery(url: string, statements: string[]) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  await client.connect();
  try {
    for (const s of statements) await client.query(s);
  } finally {
    await client.end();
  }
}

export type LoadResult = {
  p50: number;
  p99: number;
  rps: number;
  requests: number;
  non2xx: number;
  errors: number;
  timeouts: number;
};

/** Runs the autocannon CLI in its own process, so that load generation does not share the server's event loop. */
export function autocannon(
  url: string,
  token: string,
  opts: { connections: number; seconds: number; method?: string; body?: unknown },
): Promise<LoadResult> {
  const cli = createRequire(import.meta.url).resolve('autocannon/autocannon.js');
  const args = [
    cli,
    '-j',
    '-c',
    String(opts.connections),
    '-d',
    String(opts.seconds),
    ...(token ? ['-H', `authorization=Bearer ${token}`] : []),
    ...(opts.body === undefined
      ? []
      : ['-m', opts.method ?? 'POST', '-H', 'content-type=application/json', '-b', JSON.stringify(opts.body)]),
    url,
  ];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d));
    child.stderr.on('data', (d: Buffer) => (err += d));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) return reject(new Error(`autocannon exited with ${code}: ${err.slice(-500)}`));
      const r = JSON.parse(out) as {
        latency: { p50: number; p99: number };
        requests: { average: number; total: number };
        non2xx: number;
        errors: number;
        timeouts: number;
      };
      resolve({
        p50: r.latency.p50,
        p99: r.latency.p99,
        rps: r.requests.average,
        requests: r.requests.total,
        non2xx: r.non2xx,
        errors: r.errors,
        timeouts: r.timeouts,
      });
    });
  });
}

export function table(rows: Record<string, string | number>[]): string {
  if (!rows.length) return '';
  const cols = Object.keys(rows[0]!);
  const width = cols.map((c) => Math.max(c.length, ...rows.map((r) => String(r[c]).length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i < 3 ? c.padEnd(width[i]!) : c.padStart(width[i]!))).join('  ');
  return [
    line(cols),
    line(width.map((w) => '-'.repeat(w))),
    ...rows.map((r) => line(cols.map((c) => String(r[c])))),
  ].join('\n');
}

export const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : 0;

export type Call = { status: number; body: Record<string, unknown>; ms: number };

/**
 * JSON calls to a running server, each timed, over kept-alive connections of node:http: the load generator shares the
 * machine with the server and its database, and fetch() spends about twice the CPU per call.
 */
export function client(base: string) {
  const agent = new http.Agent({ keepAlive: true });
  const { hostname, port } = new URL(base);
  return function call(
    method: string,
    url: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<Call> {
    const started = performance.now();
    const payload = body === undefined ? undefined : JSON.stringify(body);
    return new Promise((resolve, reject) => {
      const req = http.request(
        {
          agent,
          hostname,
          port,
          method,
          path: url,
          headers: {
            ...(payload === undefined
              ? {}
              : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }),
            ...headers,
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (d: Buffer) => chunks.push(d));
          res.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8');
            try {
              resolve({
                status: res.statusCode ?? 0,
                body: text ? (JSON.parse(text) as Record<string, unknown>) : {},
                ms: performance.now() - started,
              });
            } catch (err) {
              reject(err);
            }
          });
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end(payload);
    });
  };
}
export type Client = ReturnType<typeof client>;

/** CPU time (ms) spent so far by one process and its threads, from /proc (Linux); 0 where it cannot be read. */
function processCpuMs(pid: number): number {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10; // utime + stime, in clock ticks of 10 ms
  } catch {
    return 0;
  }
}

/** CPU time (ms) of a process and every process under it (a cluster's API processes). */
export function processTreeCpuMs(pid: number): number {
  let total = processCpuMs(pid);
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid) total += processTreeCpuMs(Number(entry));
    } catch {
      /* the process has gone */
    }
  }
  return total;
}

/** CPU time (ms) of every PostgreSQL process on this machine (its backends included). */
function postgresCpuMs(): number {
  let total = 0;
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (fs.readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === 'postgres') total += processCpuMs(Number(entry));
    } catch {
      /* the process has gone */
    }
  }
  return total;
}

export type CpuSplit = { server: number; database: number; client: number };

/**
 * Where the machine's CPU went between start() and the returned stop(): the server's processes (PGlite's thread included),
 * the local PostgreSQL processes (ended backends are not counted, so keep connections open), and this load generator.
 * Per unit of work it depends far less on the machine's other load than a rate does.
 */
export function cpuMeter(serverPid: number) {
  const startedAt = { server: processTreeCpuMs(serverPid), database: postgresCpuMs(), client: process.cpuUsage() };
  return (): CpuSplit => {
    const client = process.cpuUsage(startedAt.client);
    return {
      server: processTreeCpuMs(serverPid) - startedAt.server,
      database: postgresCpuMs() - startedAt.database,
      client: (client.user + client.system) / 1000,
    };
  };
}
