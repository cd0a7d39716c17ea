/**
 * One compiled build of the server per test run, named to the servers and commands the tests start through
 * RWA_SERVER_BUILD (scripts/server-entries.ts): they run production's code, and a start costs a fraction of what
 * compiling through tsx costs. A build already named there is used as it is. Called by the global setups; its
 * teardown removes the build.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildServer } from '../scripts/build-server.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export async function compiledServerForRun(): Promise<() => void> {
  if (process.env.RWA_SERVER_BUILD) return () => {};
  // Inside the project, so that the build finds node_modules and the project's files (server/lib/paths.ts).
  const dir = path.join(root, '.cache', `test-server-${process.pid}-${randomBytes(3).toString('hex')}`);
  await buildServer(dir);
  process.env.RWA_SERVER_BUILD = dir;
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
