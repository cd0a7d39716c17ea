/**
 * `npm run build` (after the UI's vite build): the server compiled to JavaScript in dist-server/, which `npm start`
 * runs with plain node. esbuild bundles our TypeScript and the few packages BUNDLED names; the rest stay in
 * node_modules. The entry points, their shared chunks and source maps sit side by side in one folder: compiled code
 * finds its worker threads and the SQL migrations (copied in) beside itself and the project's files above it
 * (server/lib/paths.ts).
 * Options: -- --outdir <dir> (tests build elsewhere).
 */
import { randomBytes } from 'node:crypto';
import { cpSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { build, type Plugin } from 'esbuild';
import { ENTRIES } from './server-entries.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const SERVER_BUILD_DIR = path.join(root, 'dist-server');

/**
 * The packages bundled into the server's code: pure JavaScript of many small ES modules, which node would otherwise
 * resolve, read and compile one by one at every start; bundled, only what the server uses is kept (tree-shaken).
 * Every other package stays in node_modules (native addons, WebAssembly and files found beside their code).
 */
const BUNDLED = /^(viem|ox|abitype|@noble\/(hashes|curves)|@scure\/(base|bip32|bip39))(\/|$)/;

const keepExternal: Plugin = {
  name: 'keep-packages-external',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => (BUNDLED.test(args.path) ? undefined : { external: true }));
  },
};

export async function buildServer(outdir = SERVER_BUILD_DIR) {
  rmSync(outdir, { recursive: true, force: true });
  const started = performance.now();
  const result = await build({
    absWorkingDir: root,
    entryPoints: Object.entries(ENTRIES).map(([out, src]) => ({ out, in: src })),
    outdir,
    bundle: true,
    splitting: true,
    plugins: [keepExternal],
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    // Stack traces point at the TypeScript (the .map files beside each .js).
    sourcesContent: false,
    chunkNames: '[name]-[hash]',
    logLevel: 'warning',
    metafile: true,
  });
  // The migrations travel with the code (server/lib/paths.ts migrationsDir).
  cpSync(path.join(root, 'server', 'db', 'migrations'), path.join(outdir, 'migrations'), { recursive: true });
  const bytes = Object.values(result.metafile.outputs)
    .filter((o, i, all) => all.indexOf(o) === i)
    .reduce((sum, o) => sum + o.bytes, 0);
  return { outdir, ms: Math.round(performance.now() - started), bytes };
}

/**
 * One compiled build of the server per run (a test run, a benchmark), named to the servers and commands it starts
 * through RWA_SERVER_BUILD (server-entries.ts): they run production's code, as `npm start` does, and a start costs a
 * fraction of what compiling through tsx costs. A build already named there is used as it is. Answers the function
 * that removes the build.
 */
export async function compiledServerForRun(label: string): Promise<() => void> {
  if (process.env.RWA_SERVER_BUILD) return () => {};
  // Inside the project, so that the build finds node_modules and the project's files (server/lib/paths.ts).
  const dir = path.join(root, '.cache', `${label}-server-${process.pid}-${randomBytes(3).toString('hex')}`);
  await buildServer(dir);
  process.env.RWA_SERVER_BUILD = dir;
  return () => rmSync(dir, { recursive: true, force: true });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { values } = parseArgs({ options: { outdir: { type: 'string' } } });
  const { outdir, ms, bytes } = await buildServer(values.outdir ? path.resolve(values.outdir) : undefined);
  console.log(
    `server built into ${path.relative(process.cwd(), outdir) || '.'}/ (${(bytes / 1e6).toFixed(1)} MB with source maps) in ${ms} ms`,
  );
}
