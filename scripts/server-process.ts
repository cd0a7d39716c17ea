/** The real server in a process of its own, on a free loopback port: for the browser tests and the benchmarks. */
import { spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEV_MINTER_KEY, DEV_PAYOUT_KEY, DEV_TOKEN_ADDRESS } from '../server/chain/dev-chain.js';
import { serverCommand } from './server-entries.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * How long a child command may take before it counts as hung. It catches a hang and does not time anything (bench/
 * does): on a machine loaded by other work a start or a seed takes several times as long as on a quiet one.
 */
export const HANG_MS = 5 * 60_000;

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

/**
 * Starts `server/index.ts` (compiled when RWA_SERVER_BUILD names a build: server-entries.ts) with `env` over this
 * process's environment and waits (up to HANG_MS) until it answers. Its HTTP port and its dev chain's JSON-RPC port are
 * the system's pick (PORT=0, DEV_CHAIN_PORT=0) unless `env` names them, and are read from its banner: a port found free
 * here and handed over would stay free only until another test's process took it, which then answered in its stead.
 */
export async function startServerProcess(env: Record<string, string>): Promise<{
  baseUrl: string;
  /** Its dev chain's JSON-RPC endpoint, for a peer (devChainPeerEnv); null when it runs none. */
  chainUrl: string | null;
  pid: number;
  output: () => string;
  /** SIGTERM, then how it ended. */
  stop: () => Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}> {
  // SERVER_CPU_PROF_DIR=dir: the server writes a V8 CPU profile there when it stops (open it in Chrome's DevTools).
  const profile = process.env.SERVER_CPU_PROF_DIR
    ? ['--cpu-prof', `--cpu-prof-dir=${process.env.SERVER_CPU_PROF_DIR}`]
    : [];
  const child = spawn(process.execPath, [...profile, ...serverCommand('server/index.ts')], {
    cwd: root,
    env: { ...process.env, HOST: '127.0.0.1', PORT: '0', DEV_CHAIN_PORT: '0', DNS_PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  // Until the banner is read, everything is kept (so it is not cut); after, only the tail: a server logging every
  // request (LOG_LEVEL=info) under a benchmark writes a lot.
  let banner: RegExpExecArray | null = null;
  const keep = (d: Buffer) => {
    output += d;
    banner ??= /RWA Commerce is running at (http:\/\/\S+)/.exec(output);
    if (banner) output = output.slice(-20_000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const deadline = Date.now() + HANG_MS;
  const answers = (url: string) =>
    fetch(`${url}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
  let baseUrl = '';
  while (!baseUrl || !(await answers(baseUrl))) {
    if (child.exitCode !== null) throw new Error(`The server exited early:\n${output.slice(-3000)}`);
    if (Date.now() > deadline)
      throw new Error(`The server did not answer within ${HANG_MS / 60_000} minutes:\n${output.slice(-3000)}`);
    await new Promise((r) => setTimeout(r, 100));
    baseUrl = banner?.[1] ?? '';
  }
  const chainUrl = /JSON-RPC at (http:\/\/[\d.:]+)/.exec(output)?.[1] ?? null;
  // A server that ends before stop() (a crash, or a test's kill) leaves its last words in the output, for what follows.
  let stopping = false;
  child.once('exit', (code, signal) => {
    if (!stopping)
      console.error(`The server at ${baseUrl} ended (${signal ?? code}) without stop():\n${output.slice(-3000)}`);
  });
  return {
    baseUrl,
    chainUrl,
    pid: child.pid!,
    output: () => output,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null)
          return resolve({ code: child.exitCode, signal: child.signalCode });
        stopping = true;
        child.once('exit', (code, signal) => resolve({ code, signal }));
        child.kill('SIGTERM');
      }),
  };
}

/**
 * The variables of a second process that uses another's dev chain (its JSON-RPC at `chainUrl`: startServerProcess's
 * `chainUrl`) as a real chain: the first runs the mint worker, this one does not.
 */
export function devChainPeerEnv(chainUrl: string | null): Record<string, string> {
  if (!chainUrl) throw new Error("The first process's banner names no dev chain JSON-RPC endpoint to join.");
  return {
    MINT_WORKER: 'false',
    RPC_URL: chainUrl,
    CHAIN_ID: '31337',
    MINTER_PRIVATE_KEY: DEV_MINTER_KEY,
    TOKEN_CONTRACT: DEV_TOKEN_ADDRESS,
    PAYOUT_PRIVATE_KEY: DEV_PAYOUT_KEY,
  };
}
