import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { chromiumPath } from '../../scripts/chromium-path.js';
import { startServerProcess } from '../../scripts/server-process.js';
import { startSmtpReceiver } from '../api/smtp-receiver.js';
import { compiledServerForRun } from '../../scripts/build-server.js';
import { withDatabase } from '../api/engine.js';

/** A seeded server of the browser run, and its embedded dev chain's JSON-RPC endpoint (a wallet pays through it). */
export type E2eServer = { baseUrl: string; devChainUrl: string };

declare module 'vitest' {
  export interface ProvidedContext {
    /** One server per worker of the e2e project: the worker with VITEST_POOL_ID n uses the n-th (browser.ts server()). */
    servers: E2eServer[];
    /** The one Chromium of the run: each test file connects to it and opens contexts of its own. */
    browserWsEndpoint: string;
    /** Where the servers' emails land, one file per message (browser.ts confirmLinkFor reads sign-up links there). */
    mailDir: string;
  }
}

const root = path.resolve(import.meta.dirname, '../..');

const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * Where the servers keep their data: PGlite in each server's DATA_DIR (`npm start`'s default); with E2E_DB=postgres a
 * new database per server on TEST_DATABASE_URL's PostgreSQL, dropped at the end. There a file's servers spent about a
 * quarter less CPU, at the same wall time on a quiet machine; a whole run was not yet measured side by side.
 */
async function e2eDatabases() {
  const base = process.env.E2E_DB === 'postgres' ? (process.env.TEST_DATABASE_URL ?? '') : '';
  if (process.env.E2E_DB === 'postgres' && !base) throw new Error('E2E_DB=postgres needs TEST_DATABASE_URL.');
  const names: string[] = [];
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: base, connectionTimeoutMillis: 10_000 });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  return {
    /** A new database's URL, or '' for PGlite. */
    async create() {
      if (!base) return '';
      const name = `rwa_e2e_${process.pid}_${names.length}`;
      names.push(name);
      await admin(`create database ${name}`);
      return withDatabase(base, name);
    },
    async dropAll() {
      await Promise.all(names.map((name) => admin(`drop database if exists ${name} with (force)`)));
    },
  };
}

/** As many servers as files can run at once: the project's workers, or fewer when fewer files were asked for. */
async function serverCount(project: TestProject): Promise<number> {
  const workers = Math.max(1, project.config.maxWorkers || 1);
  const filters = (project.vitest as unknown as { filenamePattern?: string[] }).filenamePattern;
  const { testFiles } = await project.globTestFiles(filters);
  return Math.max(1, Math.min(workers, testFiles.length));
}

/**
 * A seeded server on a fresh database for each worker, so that files run side by side while a file that
 * changes what is shared by everyone (the settings: 2FA for all, the commission hold) sees no other file's clicks; and
 * one Chromium for the whole run.
 */
export default async function setup(project: TestProject) {
  if (!fs.existsSync(path.join(root, 'dist', 'index.html'))) {
    throw new Error('Build the app first (npx vite build): the browser tests run against the built admin.');
  }
  const removeBuild = await compiledServerForRun('test');
  const mailDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rwa-e2e-mail-'));
  const smtp = await startSmtpReceiver();
  let written = 0;
  const keepMail = setInterval(() => {
    // Written aside and renamed, so that a test reading the folder never sees half a message (a cut link).
    for (; written < smtp.received.length; written++) {
      const file = path.join(mailDir, `${written}.eml`);
      fs.writeFileSync(`${file}.part`, smtp.received[written]!.raw);
      fs.renameSync(`${file}.part`, file);
    }
  }, 50);
  const dataDirs: string[] = [];
  const databases = await e2eDatabases();
  const startServer = async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rwa-e2e-'));
    dataDirs.push(dataDir);
    const databaseUrl = await databases.create();
    const server = await startServerProcess({
      SMTP_URL: smtp.url,
      CRYPTO_WATCH_MS: '250',
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      SEED_ON_EMPTY: 'true',
      SEED_FILE: 'db.json',
      LOG_LEVEL: 'warn',
      // The webhooks test delivers to a receiver on loopback over http: allowed only by this development switch.
      WEBHOOK_ALLOW_INSECURE: 'true',
    });
    return { server, devChainUrl: server.chainUrl! };
  };
  // Everything started is stopped again if any of it fails to start.
  const [servers, [chromiumStart]] = await Promise.all([
    Promise.allSettled(Array.from({ length: await serverCount(project) }, startServer)),
    Promise.allSettled([
      chromium.launchServer({
        executablePath: chromiumPath(),
        headless: true,
        args: CHROMIUM_ARGS,
      }),
    ]),
  ]);
  const started = servers.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
  const browser = chromiumStart.status === 'fulfilled' ? chromiumStart.value : undefined;
  const stopAll = async () => {
    await Promise.all([browser?.close(), ...started.map(({ server }) => server.stop())]);
    clearInterval(keepMail);
    await smtp.close();
    await databases.dropAll();
    for (const dir of [...dataDirs, mailDir]) fs.rmSync(dir, { recursive: true, force: true });
    removeBuild();
  };
  const failure = [chromiumStart, ...servers].find((s) => s.status === 'rejected');
  if (failure || !browser) {
    await stopAll();
    throw failure?.reason;
  }
  project.provide(
    'servers',
    started.map(({ server, devChainUrl }) => ({ baseUrl: server.baseUrl, devChainUrl })),
  );
  project.provide('browserWsEndpoint', browser.wsEndpoint());
  project.provide('mailDir', mailDir);
  return stopAll;
}
