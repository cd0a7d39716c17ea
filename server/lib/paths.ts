/**
 * Where the server's files are, the same whether it runs from its TypeScript (tsx, vitest) or from the compiled
 * JavaScript of `npm run build` (dist-server/, one folder: the entry points and their shared chunks side by side).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = fileURLToPath(import.meta.url);

/** DATA_DIR when unset: the embedded database, uploads and the dev chain's state. */
export const DEFAULT_DATA_DIR = './data';

/** True in the compiled build: this module is then part of a .js file in dist-server/. */
export const compiled = !/\.[cm]?tsx?$/.test(here);

/** The project's folder: the nearest above this module (or the compiled file holding it) with a package.json. */
export const projectRoot = (() => {
  for (let dir = path.dirname(here); ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`No package.json above ${here}: cannot find the project's folder.`);
  }
})();

/**
 * The SQL migrations. The build copies them into dist-server/migrations/, so compiled code migrates to the schema it
 * was built with, whatever the checkout holds since.
 */
export const migrationsDir = compiled
  ? fileURLToPath(new URL('./migrations', import.meta.url))
  : path.join(projectRoot, 'server', 'db', 'migrations');

/** The built UI (`vite build`), which the server sends. */
export const uiDir = path.join(projectRoot, 'dist');

/**
 * A worker thread's entry. A worker thread does not inherit the TypeScript loader of the thread that starts it, so
 * from source it is a .mjs file (plain, or loading its TypeScript through tsx); compiled, it is its own entry point
 * in dist-server/ beside this module's compiled file (scripts/build-server.ts names it).
 */
export function threadEntry(source: URL, compiledName: string): URL {
  return compiled ? new URL(`./${compiledName}`, import.meta.url) : source;
}
