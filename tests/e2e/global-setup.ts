import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { freePort, startServerProcess } from '../../scripts/server-process.js';
import { startSmtpReceiver } from '../api/smtp-receiver.js';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** The server's embedded dev chain's JSON-RPC endpoint (a wallet pays crypto payments through it). */
    devChainUrl: string;
    /** Where the server's emails land, one file per message (browser.ts confirmLinkFor reads sign-up links there). */
    mailDir: string;
  }
}

const root = path.resolve(import.meta.dirname, '../..');

/** One seeded server on a fresh PGlite database for the whole browser run. */
export default async function setup(project: TestProject) {
  if (!fs.existsSync(path.join(root, 'dist', 'index.html'))) {
    throw new Error('Build the app first (npx vite build): the browser tests run against the built admin.');
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rwa-e2e-'));
  const chainPort = await freePort();
  const mailDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rwa-e2e-mail-'));
  const smtp = await startSmtpReceiver();
  let written = 0;
  const keepMail = setInterval(() => {
    for (; written < smtp.received.length; written++)
      fs.writeFileSync(path.join(mailDir, `${written}.eml`), smtp.received[written]!.raw);
  }, 50);
  const server = await startServerProcess({
    SMTP_URL: smtp.url,
    DEV_CHAIN_PORT: String(chainPort),
    CRYPTO_WATCH_MS: '250',
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    SEED_ON_EMPTY: 'true',
    SEED_FILE: 'db.json',
    LOG_LEVEL: 'warn',
  });
  project.provide('baseUrl', server.baseUrl);
  project.provide('devChainUrl', `http://127.0.0.1:${chainPort}`);
  project.provide('mailDir', mailDir);
  return async () => {
    await server.stop();
    clearInterval(keepMail);
    await smtp.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(mailDir, { recursive: true, force: true });
  };
}
