/**
 * `npm run new:resource` on a copy of the repository, generated once: it writes only the files of the places
 * NEW_RESOURCE names; they compile and lint; its generated API tests pass on PGlite (and on PostgreSQL when
 * TEST_DATABASE_URL is set); its list opens from the admin's menu in Chromium with the demo records its demo-data
 * section wrote into db.json. It runs in the PGlite pass only.
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
/** What the command writes: its own 13 files, its 2 of the migration, and 9 shared ones (NEW_RESOURCE in places.ts). */
const FILES = 24;
let copy: string;
let changed: string[];

/** A browser test, run in the copy only: the menu's new entry opens the list, which shows a demo record. */
const browserTest = (firstName: string) => `import { afterAll, beforeAll, expect, it } from 'vitest';
import { login, openBrowser, screenSettled } from './browser.js';

let b: Awaited<ReturnType<typeof openBrowser>>;
beforeAll(async () => {
  b = await openBrowser();
  await login(b.page, b.url, 'admin@rwa.dev');
});
afterAll(() => b?.close());

it('opens from the menu and lists its demo records', async () => {
  await b.page.locator('a.RaMenuItemLink-root', { hasText: /^Stock counts$/ }).click();
  await b.page.waitForURL(/\\/${NAME}$/);
  await screenSettled(b.page);
  await expect.poll(() => b.page.locator('tbody').innerText()).toContain(${JSON.stringify(firstName)});
});
`;

/** A command in the copy, with the environment of a fresh shell (no trace of this test run's vitest). */
async function inCopy(command: string, args: string[], env: Record<string, string> = {}) {
  const clean = Object.fromEntries(
    Object.entries(process.env).filter(
      // RWA_SERVER_BUILD is this run's build of this tree: the copy's runs build their own, with the new resource.
      // SQL_COVERAGE_DIR is this run's record of its statements (tests/api/sql-coverage.ts), not the copy's.
      ([k]) =>
        !k.startsWith('VITEST') &&
        !k.startsWith('TEST_') &&
        !['NODE_ENV', 'RWA_SERVER_BUILD', 'SQL_COVERAGE_DIR'].includes(k),
    ),
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
    const { stdout: status } = await inCopy('git', ['status', '--porcelain', '--untracked-files=all']);
    changed = status
      .split('\n')
      .filter(Boolean)
      .map((line) => line.slice(3));
  }, TEST_MS);
  afterAll(() => {
    if (copy) fs.rmSync(copy, { recursive: true, force: true });
  });

  it(`writes ${FILES} files, all in the places a resource provides`, async () => {
    expect(changed.filter((file) => !placeOf(file, NAME))).toEqual([]);
    expect(new Set(changed.map((file) => placeOf(file, NAME))).size).toBe(
      NEW_RESOURCE.own.length + NEW_RESOURCE.shared.length,
    );
    expect(changed).toHaveLength(FILES);
  });

  // What the rest of the suite shows for every resource (the access matrix, CSV, OpenAPI, hostile text, catalogues,
  // formatting) it shows for a generated one too: the templates are written from the products resource, which it runs.
  it('compiles and lints, and passes its own tests on PGlite', async () => {
    const code = changed.filter((file) => /\.tsx?$/.test(file));
    // Its files' type errors, in the whole project's program without checking the other files again: those are the
    // suite's typecheck, and none of them lists resources by hand (tests/unit/resource-registry.test.ts).
    await inCopy(process.execPath, ['--import', 'tsx', 'scripts/new-resource/check-types.ts', ...code]);
    await inCopy(bin('eslint'), code);
    const files = await vitest(['--project', 'api', `tests/api/${NAME}.test.ts`], { TEST_DB: 'pglite' });
    expect(files).toMatch(/^Test Files\s+1 passed \(1\)/);
    // Its test file has its row in ARCHITECTURE.md's table of the files PostgreSQL runs.
    expect(await vitest(['--project', 'unit', 'tests/unit/postgres-file-list.test.ts'])).toMatch(
      /^Test Files\s+1 passed \(1\)/,
    );
  });

  it('is in the admin: its list opens from the menu with its demo records, in Chromium', async () => {
    const demo = (JSON.parse(fs.readFileSync(path.join(copy, 'db.json'), 'utf8')) as Record<string, { name: string }[]>)
      .stockCounts!;
    expect(demo.length).toBeGreaterThan(0);
    fs.writeFileSync(path.join(copy, `tests/e2e/${NAME}.test.ts`), browserTest(demo[0]!.name));
    await inCopy(bin('vite'), ['build', '--logLevel', 'warn']);
    expect(await vitest(['--project', 'e2e', `tests/e2e/${NAME}.test.ts`])).toMatch(/^Test Files\s+1 passed \(1\)/);
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)('passes its tests on PostgreSQL', async () => {
    const files = await vitest(['--project', 'api', `tests/api/${NAME}.test.ts`], {
      TEST_DB: 'postgres',
      TEST_DATABASE_URL: process.env.TEST_DATABASE_URL!,
    });
    expect(files).toMatch(/^Test Files\s+1 passed \(1\)/);
  });
});
