import { configDefaults, defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** What every API project shares (run them all with `--project 'api*'`). */
const API = {
  environment: 'node',
  globalSetup: ['tests/api/global-setup.ts'],
  testTimeout: 30_000,
  hookTimeout: 60_000,
  // Two cores: two files at a time keeps PGlite's single-threaded WASM from starving.
  maxWorkers: 2,
  sequence: { groupOrder: 1 },
};

/** API files that need a module graph of their own: a `vi.mock` of a module the server imports (argon2). */
const API_ISOLATED = ['tests/api/lockout.test.ts'];

/** The browser run's longest files: a screen sweep in one theme each. */
const SWEEPS = /tests\/e2e\/(phones|accessibility)-(light|dark)\.test\.ts$/;

/**
 * vitest's order (the slowest of the last run first, else the largest file first), with the sweeps first even on a
 * clean clone: their files are small (the checks are in a module they share), and run last they would end the run alone.
 */
class SweepsFirst extends BaseSequencer {
  async sort(files: TestSpecification[]) {
    const sorted = await super.sort(files);
    return [...sorted.filter((f) => SWEEPS.test(f.moduleId)), ...sorted.filter((f) => !SWEEPS.test(f.moduleId))];
  }
}

export default defineConfig({
  test: {
    sequence: { sequencer: SweepsFirst },
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          environment: 'node',
          // Projects run in one command (npm run test:changed) go one after another, unit first: their workers differ.
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...API_ISOLATED],
          // The files of a worker share one module graph: the server's modules load once per worker, not once per file.
          isolate: false,
          ...API,
        },
      },
      { test: { name: 'api-isolated', include: API_ISOLATED, ...API } },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/e2e/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // One file at a time by default; E2E_WORKERS=2 runs two, each on its worker's own seeded server
          // (global-setup.ts). On this 2-core machine two workers timed out in record-pages on a clean clone's full
          // run, and were not faster there: measure on a quiet machine before raising the default.
          maxWorkers: Number(process.env.E2E_WORKERS ?? 1),
          sequence: { groupOrder: 2 },
          // A page waited for by expect.poll may take seconds on a busy machine (a chunk loading, a list refetching);
          // the default second made such waits fail there while the page was right.
          expect: { poll: { timeout: 10_000 } },
        },
      },
    ],
  },
});
