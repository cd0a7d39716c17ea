import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HANG_MS } from '../../scripts/server-process.js';
import { engine } from './engine.js';
import { buildMintJob, freshWallet } from './factories.js';
import { createTestApp, type TestApp } from './harness.js';
import { serverCommand } from '../../scripts/server-entries.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** `npm run worker`, as its script runs it, with only the given environment. */
function startWorker(env: Record<string, string>): {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
} {
  const child = spawn(process.execPath, serverCommand('server/modules/mint/worker-cli.ts'), {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d));
  child.stderr!.on('data', (d: Buffer) => (out += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => out, exited };
}

describe.runIf(engine() === 'pglite')('npm run worker without PostgreSQL', { timeout: HANG_MS }, () => {
  it('refuses with a sentence: PGlite belongs to the server process', async () => {
    const w = startWorker({ DATA_DIR: path.join(root, 'data-worker-test-unused') });
    expect(await w.exited).toBe(1);
    expect(w.output()).toContain('npm run worker needs DATABASE_URL (PostgreSQL)');
  });
});

describe.runIf(engine() === 'postgres')('npm run worker beside a server', { timeout: 2 * HANG_MS }, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ MINT_WORKER: 'false' }, { chain: true });
  });
  afterAll(async () => {
    await t.close();
  });

  it("mints the server's queue on its dev chain, and gives its lease back on SIGTERM", async () => {
    const port = new URL(t.app.ctx.chain!.chain!.devChain!.rpcUrl!).port;
    const w = startWorker({ DATABASE_URL: t.databaseUrl!, DEV_CHAIN_PORT: port, LOG_LEVEL: 'silent' });
    try {
      const queued = await buildMintJob(t, { walletAddress: freshWallet(), tokenId: 8, amount: 2 });
      const id = queued.id;
      const deadline = Date.now() + HANG_MS;
      let job = queued;
      while (job.status !== 'succeeded' && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 100));
        job = (await t.call('GET', `/api/mint-jobs/${id}`)).json().job;
      }
      expect(job.status, w.output()).toBe('succeeded');
      expect((await t.call('GET', '/api/mint-jobs')).json().worker.active).toBe(true);
      // The server recorded the worker's transaction for replay (it arrived through the dev endpoint).
      const tx = await t.call('GET', `/api/chain/tx/${job.txHash}`);
      expect(tx.json()).toMatchObject({ receipt: { status: 'success' }, job: { id } });
    } finally {
      w.child.kill('SIGTERM');
      expect(await w.exited).toBe(0);
    }
    expect(w.output()).toContain('SIGTERM: stopping the mint worker');
    expect((await t.call('GET', '/api/mint-jobs')).json().worker.active).toBe(false);
  });
});
