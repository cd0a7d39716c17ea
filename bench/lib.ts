import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { fromPglite, fromPostgres, type Database } from '../server/db/client.js';

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
export async function freshDatabase(engine: Engine, serverUrl: string): Promise<Fresh> {
  if (engine === 'pglite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rwa-bench-'));
    fs.mkdirSync(path.join(dir, 'pglite'));
    const database = fromPglite(await PGlite.create(path.join(dir, 'pglite')));
    return {
      database,
      env: { DATA_DIR: dir },
      dispose: async () => {
        await database.close();
        fs.rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  await adminQuery(serverUrl, [`DROP DATABASE IF EXISTS ${BENCH_DB} WITH (FORCE)`, `CREATE DATABASE ${BENCH_DB}`]);
  const url = new URL(serverUrl);
  url.pathname = `/${BENCH_DB}`;
  const database = fromPostgres(url.toString());
  return {
    database,
    env: { DATABASE_URL: url.toString() },
    dispose: async () => {
      await database.close();
      await adminQuery(serverUrl, [`DROP DATABASE IF EXISTS ${BENCH_DB} WITH (FORCE)`]);
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

export type LoadResult = { p50: number; p99: number; rps: number; requests: number; non2xx: number; errors: number; timeouts: number };

/** Runs the autocannon CLI in its own process, so that load generation does not share the server's event loop. */
export function autocannon(url: string, token: string, opts: { connections: number; seconds: number }): Promise<LoadResult> {
  const cli = createRequire(import.meta.url).resolve('autocannon/autocannon.js');
  const args = [cli, '-j', '-c', String(opts.connections), '-d', String(opts.seconds), '-H', `authorization=Bearer ${token}`, url];
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
        latency: { p50: number; p99: number }; requests: { average: number; total: number };
        non2xx: number; errors: number; timeouts: number;
      };
      resolve({
        p50: r.latency.p50, p99: r.latency.p99, rps: r.requests.average, requests: r.requests.total,
        non2xx: r.non2xx, errors: r.errors, timeouts: r.timeouts,
      });
    });
  });
}

export function table(rows: Record<string, string | number>[]): string {
  if (!rows.length) return '';
  const cols = Object.keys(rows[0]!);
  const width = cols.map((c) => Math.max(c.length, ...rows.map((r) => String(r[c]).length)));
  const line = (cells: string[]) => cells.map((c, i) => (i < 3 ? c.padEnd(width[i]!) : c.padStart(width[i]!))).join('  ');
  return [line(cols), line(width.map((w) => '-'.repeat(w))), ...rows.map((r) => line(cols.map((c) => String(r[c]))))].join('\n');
}

export const percentile = (sorted: number[], p: number) => sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : 0;

export type Call = { status: number; body: Record<string, unknown>; ms: number };

/** JSON calls to a running server, each timed. */
export function client(base: string) {
  return async function call(method: string, url: string, body?: unknown, headers: Record<string, string> = {}): Promise<Call> {
    const started = performance.now();
    const res = await fetch(base + url, {
      method, headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = (await res.json()) as Record<string, unknown>;
    return { status: res.status, body: json, ms: performance.now() - started };
  };
}
export type Client = ReturnType<typeof client>;
