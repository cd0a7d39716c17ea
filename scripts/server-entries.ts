/**
 * The server's entry points, and how a test or benchmark runs one: compiled with plain node when RWA_SERVER_BUILD
 * names a build of them (the tests' global setups make one per run: production's code, whose start costs a fraction
 * of tsx's CPU), else from its TypeScript through tsx.
 */
import path from 'node:path';

/** dist-server/<name>.js ← its source. The worker threads' names are the ones server/lib/paths.ts threadEntry gets. */
export const ENTRIES = {
  index: 'server/index.ts',
  worker: 'server/modules/mint/worker-cli.ts',
  reconcile: 'server/modules/reconcile/cli.ts',
  seed: 'server/seed/cli.ts',
  export: 'server/seed/export-cli.ts',
  'create-admin': 'server/modules/auth/create-admin-cli.ts',
  migrate: 'server/migrate-cli.ts',
  backup: 'server/modules/backup/backup-cli.ts',
  restore: 'server/modules/backup/restore-cli.ts',
  'pglite-thread': 'server/db/pglite-thread-worker.mjs',
  'dns-thread': 'server/modules/domain/dns/thread.ts',
};

/** The build's file for `source` (one of ENTRIES' sources). */
export function compiledEntry(build: string, source: string): string {
  const name = Object.entries(ENTRIES).find(([, src]) => src === source)?.[0];
  if (!name) throw new Error(`${source} is not an entry of the server's build`);
  return path.join(build, `${name}.js`);
}

/** node's arguments that run `source`: its compiled file when RWA_SERVER_BUILD is set, else through tsx. */
export function serverCommand(source: string): string[] {
  const build = process.env.RWA_SERVER_BUILD;
  return build ? [compiledEntry(build, source)] : ['--import', 'tsx', source];
}
