import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startServerProcess } from '../../scripts/server-process.js';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

const root = path.resolve(import.meta.dirname, '../..');

/** One seeded server on a fresh PGlite database for the whole browser run. */
export default async function setup(project: TestProject) {
  if (!fs.existsSync(path.join(root, 'dist', 'index.html'))) {
    throw new Error('Build the app first (npx vite build): the browser tests run against the built admin.');
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rwa-e2e-'));
  const server = await startServerProcess({
    NODE_ENV: 'test', DATA_DIR: dataDir, DATABASE_URL: '', SEED_ON_EMPTY: 'true', SEED_FILE: 'db.json', LOG_LEVEL: 'warn',
  });
  project.provide('baseUrl', server.baseUrl);
  return async () => {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
