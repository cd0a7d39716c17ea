/**
 * `npm run new:resource` on a copy of the repository: the resource it writes compiles, is formatted and linted,
 * passes its own tests on PGlite and PostgreSQL and the tests that walk every route and registry entry (access,
 * CSV, OpenAPI, hostile text, catalogues), is built into the admin's menu, and touches only the places NEW_RESOURCE
 * names. It runs in the PGlite pass only; it runs the generated tests on PostgreSQL itself when TEST_DATABASE_URL is
 * set.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NEW_RESOURCE, placeOf } from '../../scripts/new-resource/places.js';
import { HANG_MS } from '../../scripts/server-process.js';
import { engine } from './engine.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const NAME = 'stock-counts';
/** Each child command may take HANG_MS (minutes: it catches a hang on a busy machine; bench/ measures time). */
const TEST_MS = 3 * HANG_MS;
const run = promisify(execFile);
let copy: string;

/** A command in the copy, with the environment of a fresh shell (no trace of this test run's vitest). */
async function inCopy(command: string, args: string[], env: Record<string, string> = {}) {
  const clean = Object.fromEntries(
    Object.entries(process.env).filter(([k]) => !k.startsWith('VITEST') && !k.startsWith('TEST_') && k !== 'NODE_ENV'),
  );
  try {
    return await run(command, args, {
      cwd: copy,
      env: { ...clean, NO_COLOR: '1', ...env },
      timeout: HANG_MS,
      maxBuffer: 64 * 1024 * 1024,
    });
  } catch (err) {
    const { stdout = '', stderr = '' } = err as { stdout?: string; stderr?: string };
    throw new Error(`${command} ${args.join(' ')} failed:\n${(stdout + stderr).slice(-6000)}`, {
      cause: err,
    });
  }
}
const bin = (name: string) => path.join(root, 'node_modules/.bin', name);
/** The copy's vitest run; answers its summary line of test files. */
const vitest = async (args: string[], env: Record<string, string> = {}) => {
  const { stdout } = await inCopy(bin('vitest'), ['run', ...args], env);
  // eslint-disable-next-line no-control-regex -- colour codes, should any be left
  return /Test Files .*/.exec(stdout.replace(/\x1b\[[0-9;]*m/g, ''))?.[0];
};

describe.skipIf(engine() !== 'pglite')(`npm run new:resource -- ${NAME}`, { timeout: TEST_MS }, () => {
  beforeAll(async () => {
    copy = fs.mkdtempSync(path.join(os.tmpdir(), 'rwa-new-resource-'));
    const { stdout } = await run('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
      cwd: root,
    });
    for (const file of stdout.split('\0').filter((f) => f && fs.existsSync(path.join(root, f)))) {
      fs.mkdirSync(path.dirname(path.join(copy, file)), { recursive: true });
      fs.copyFileSync(path.join(root, file), path.join(copy, file));
    }
    fs.symlinkSync(path.join(root, 'node_modules'), path.join(copy, 'node_modules'));
    await inCopy('git', ['init', '-q']);
    await inCopy('git', ['add', '-A']);
    await inCopy('git', ['-c', 'user.name=test', '-c', 'user.email=test@example.com', 'commit', '-qm', 'before']);
    await inCopy(process.execPath, ['--import', 'tsx', 'scripts/new-resource.ts', NAME, '--zh', '库存盘点']);
  }, TEST_MS);
  afterAll(() => {
    if (copy) fs.rmSync(copy, { recursive: true, force: true });
  });

  it('touches only the places a resource provides, at most 12', async () => {
    const { stdout } = await inCopy('git', ['status', '--porcelain']);
    const changed = stdout
      .split('\n')
      .filter(Boolean)
      .map((line) => line.slice(3));
    expect(changed.filter((file) => !placeOf(file, NAME))).toEqual([]);
    const places = new Set(changed.map((file) => placeOf(file, NAME)));
    expect(places.size).toBe(NEW_RESOURCE.own.length + NEW_RESOURCE.shared.length);
    expect(places.size).toBeLessThanOrEqual(12);
  });

  it('compiles, and is formatted and linted', async () => {
    await inCopy(bin('tsc'), ['--noEmit', '-p', 'tsconfig.json']);
    await inCopy(bin('prettier'), ['--check', '--log-level', 'warn', '**/*.{ts,tsx,js,cjs,mjs}']);
    await inCopy(bin('eslint'), ['src', 'server', 'tests', 'scripts']);
  });

  it('passes its tests and the registry-wide ones on PGlite', async () => {
    expect(
      await vitest(['--project', 'unit', 'tests/unit/resource-registry.test.ts', 'tests/unit/i18n.test.ts']),
    ).toMatch(/^Test Files\s+2 passed \(2\)/);
    const files = await vitest(
      [
        '--project',
        'api',
        `tests/api/${NAME}.test.ts`,
        'tests/api/access-matrix.test.ts',
        'tests/api/csv-export.test.ts',
        'tests/api/unsafe-text.test.ts',
        'tests/api/openapi.test.ts',
        'tests/api/contract.test.ts',
      ],
      { TEST_DB: 'pglite' },
    );
    expect(files).toMatch(/^Test Files\s+6 passed \(6\)/);
  });

  it('is built into the admin and listed in its menu, in Chromium', async () => {
    await inCopy(bin('vite'), ['build', '--logLevel', 'warn']);
    expect(await vitest(['--project', 'e2e', 'tests/e2e/layout.test.ts'])).toMatch(/^Test Files\s+1 passed \(1\)/);
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)('passes its tests on PostgreSQL', async () => {
    const files = await vitest(['--project', 'api', `tests/api/${NAME}.test.ts`], {
      TEST_DB: 'postgres',
      TEST_DATABASE_URL: process.env.TEST_DATABASE_URL!,
    });
    expect(files).toMatch(/^Test Files\s+1 passed \(1\)/);
  });
});
