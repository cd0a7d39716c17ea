import { configDefaults, defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** What every API project shares (run them all with `--project 'api*'`). */
const API = {
  environment: 'node',
  globalSetup: ['tests/api/global-setup.ts'],
  // Records each file's statements when SQL_COVERAGE_DIR is set (npm test does, for scripts/sql-coverage.ts).
  setupFiles: ['tests/api/sql-coverage.ts'],
  // A limit catches a hang; it does not time (speed is measured in bench/). At load 10-16 revenue's agreement, export's
  // keyset round-trip and PGlite's thread took 21-24 s, near the 30 s this limit was.
  testTimeout: 60_000,
  hookTimeout: 60_000,
  // Two cores: two files at a time keeps PGlite's single-threaded WASM from starving.
  maxWorkers: 2,
  sequence: { groupOrder: 1 },
};

/**
 * API files that need a module graph of their own: a `vi.mock` of a module the server imports (argon2); the live
 * stream's resume, whose process-wide invalidation bus (server/lib/invalidation.ts) must hear no other file's app.
 */
const API_ISOLATED = ['tests/api/lockout.test.ts', 'tests/api/events.test.ts'];

/**
 * API files PostgreSQL does not run (TEST_DB=postgres), each with why: what they check is the same on both engines, and
 * every statement they reach runs on PostgreSQL in another file (each route is called with an answer checked, by its
 * domain's file). Every other file runs on both engines: a new file does unless it is added here.
 * TEST_POSTGRES_ALL=true runs these on PostgreSQL too. docs/ARCHITECTURE.md ("Which tests run on PostgreSQL") lists
 * the files PostgreSQL runs and why.
 */
const PGLITE_ONLY: Record<string, string> = {
  'tests/api/access-matrix.test.ts':
    "who may call what: the role guard and the id check answer before any statement; the allowed calls are each domain file's",
  'tests/api/openapi.test.ts': 'the OpenAPI document itself and the harness that checks answers against it',
  'tests/api/cache-control.test.ts': 'HTTP headers of answers whose reads the orders, shop and checkout files run',
  'tests/api/deep-json.test.ts': 'a body too deep is refused by the JSON parser, before any route runs',
  'tests/api/dns-dig.test.ts':
    "the DNS wire format as dig reads it; the zone's one read runs on PostgreSQL in dns-server",
  'tests/api/dns-flood.test.ts': 'garbage on the DNS port does not delay HTTP: threads and sockets, not SQL',
  'tests/api/mint-rpc.test.ts':
    "the chain's JSON-RPC transport; the queue's SQL runs on PostgreSQL in mint and mint-worker-cli",
  'tests/api/new-resource.test.ts': 'skips itself on PostgreSQL; it runs the generated tests on PostgreSQL itself',
  'tests/api/pglite-thread.test.ts': 'PGlite in a worker thread: PGlite only',
};
const onPostgres = process.env.TEST_DB === 'postgres' && process.env.TEST_POSTGRES_ALL !== 'true';
const ENGINE_SKIPS = onPostgres ? Object.keys(PGLITE_ONLY) : [];

/**
 * The files that take longest, started first: a screen sweep of the browser run in one theme each; the API files that
 * start processes of their own (the CLI commands, the scaffold's whole check, a restore, kills and restarts). Run late,
 * one of them ended the step alone for up to a minute while the other worker had nothing left.
 */
const LONGEST = [
  /tests\/e2e\/(phones|accessibility)-(light|dark)\.test\.ts$/,
  /tests\/api\/(commands|new-resource|pglite-thread|backup|webhooks-kill|contract|dns-server|seed-history)\.test\.ts$/,
];
const isLongest = (f: TestSpecification) => LONGEST.some((re) => re.test(f.moduleId));

/**
 * vitest's order (the slowest of the last run first, else the largest file first), with LONGEST first even on a clean
 * clone: their files are small (the sweeps' checks are in a module they share, the API ones wait on other processes),
 * so the largest-first order of a clean clone ran them last.
 */
class LongestFirst extends BaseSequencer {
  async sort(files: TestSpecification[]) {
    const sorted = await super.sort(files);
    return [...sorted.filter(isLongest), ...sorted.filter((f) => !isLongest(f))];
  }
}

export default defineConfig({
  test: {
    sequence: { sequencer: LongestFirst },
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          environment: 'node',
          // The files of a worker share one module graph (none mocks a module): on the 2-core machine, 25 s of CPU
          // against 117 s with a graph per file, the same 578 tests passing.
          isolate: false,
          // Projects run in one command (npm run test:changed) go one after another, unit first: their workers differ.
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...API_ISOLATED, ...ENGINE_SKIPS],
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
          // Two files at a time, each on its worker's own seeded server (global-setup.ts); E2E_WORKERS=1 runs one.
          // Two were not faster while record-pages waited for `networkidle` (its timeouts under load); with web-first
          // waits the 42 files took 478 s on two workers at load 6-8, against 602 s on one on a quiet machine.
          maxWorkers: Number(process.env.E2E_WORKERS ?? 2),
          // A browser test that fails is run once more (E2E_RETRY=0: never). The run's summary names each test that
          // passed only on its second try: each is a defect of the test or the app to fix (docs/ARCHITECTURE.md).
          retry: Number(process.env.E2E_RETRY ?? 1),
          sequence: { groupOrder: 2 },
          // A page waited for by expect.poll may take seconds on a busy machine (a chunk loading, a list refetching);
          // the default second made such waits fail there while the page was right.
          expect: { poll: { timeout: 10_000 } },
        },
      },
    ],
  },
});
