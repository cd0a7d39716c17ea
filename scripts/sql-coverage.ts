/**
 * Every statement shape the API tests sent on PGlite was sent on PostgreSQL too (tests/api/sql-coverage.ts records
 * them, per engine and file, under the folder given). Run by npm test after both API runs; fails with each shape
 * PostgreSQL missed and the files that sent it on PGlite, one of which must then leave vitest.config.ts's PGLITE_ONLY.
 *   tsx scripts/sql-coverage.ts <folder>          the check
 *   tsx scripts/sql-coverage.ts <folder> --plan   from a run of every file on both engines (TEST_POSTGRES_ALL=true):
 *                                                 the fewest files whose PostgreSQL run sends every shape either sent
 */
import fs from 'node:fs';
import path from 'node:path';

type Heard = Map<string, Set<string>>;

/** Files whose statements only they send are their own probes of PGlite, not the app's: none is needed on PostgreSQL. */
const PROBES: Record<string, string> = {
  'tests/api/pglite-thread.test.ts': "PGlite in a worker thread: the tables and values it sends are the test's own",
};
/** Statements only PGlite's side of the app sends, each with why. */
const PGLITE_ONLY: { shape: string; why: string }[] = [
  { shape: 'checkpoint', why: "PGlite's backup writes its data folder out first (PostgreSQL's backup is pg_dump)" },
  {
    shape: 'show server_version',
    why: "PGlite's backup reads it in-process (PostgreSQL's reads it over pg_dump's connection)",
  },
];

function read(dir: string): Heard {
  const byFile: Heard = new Map();
  if (!fs.existsSync(dir)) return byFile;
  for (const name of fs.readdirSync(dir).filter((n) => n.endsWith('.json'))) {
    const { file, shapes } = JSON.parse(fs.readFileSync(path.join(dir, name), 'utf8')) as {
      file: string;
      shapes: string[];
    };
    byFile.set(file, new Set(shapes));
  }
  return byFile;
}

const all = (heard: Heard) => new Set([...heard.values()].flatMap((s) => [...s]));
const short = (shape: string) => (shape.length > 160 ? `${shape.slice(0, 157)}...` : shape);

const [folder, mode] = process.argv.slice(2);
if (!folder) {
  console.error('Usage: tsx scripts/sql-coverage.ts <folder> [--plan]');
  process.exit(2);
}
const pglite = read(path.join(folder, 'pglite'));
const postgres = read(path.join(folder, 'postgres'));

if (mode === '--plan') {
  const wanted = new Set([...all(pglite), ...all(postgres)]);
  const unreachable = [...wanted].filter((s) => ![...postgres.values()].some((f) => f.has(s)));
  unreachable.forEach((s) => wanted.delete(s));
  const chosen: string[] = [];
  while (wanted.size > 0) {
    let best = '';
    let gain = 0;
    for (const [file, shapes] of postgres) {
      const g = [...shapes].filter((s) => wanted.has(s)).length;
      if (g > gain) [best, gain] = [file, g];
    }
    chosen.push(`${best} (+${gain})`);
    postgres.get(best)!.forEach((s) => wanted.delete(s));
  }
  console.log(`${chosen.length} of ${postgres.size} files send on PostgreSQL every shape either engine sent:`);
  console.log(chosen.map((c) => `  ${c}`).join('\n'));
  if (unreachable.length)
    console.log(
      `${unreachable.length} shapes no file sent on PostgreSQL:\n${unreachable.map((s) => `  ${short(s)}`).join('\n')}`,
    );
  process.exit(0);
}

if (pglite.size === 0 || postgres.size === 0) {
  console.log(
    `SQL coverage: nothing to compare (${pglite.size} files heard on PGlite, ${postgres.size} on PostgreSQL)`,
  );
  process.exit(0);
}
const onPostgres = all(postgres);
const excused = new Set(PGLITE_ONLY.map((e) => e.shape));
const sentBy = (shape: string) => [...pglite].filter(([, s]) => s.has(shape)).map(([f]) => f);
const missed = [...all(pglite)].filter(
  (s) => !onPostgres.has(s) && !excused.has(s) && !sentBy(s).every((f) => f in PROBES),
);
if (missed.length === 0) {
  console.log(
    `SQL coverage: PostgreSQL's ${postgres.size} files sent every one of the ${all(pglite).size} statement shapes PGlite's ${pglite.size} files sent, but for ${excused.size} PGlite-only ones and the probes of ${Object.keys(PROBES).join(', ')}`,
  );
  process.exit(0);
}
console.log(
  `SQL coverage: ${missed.length} statement shapes ran on PGlite only. Take one of the files named out of PGLITE_ONLY in vitest.config.ts, or send the statement in a file PostgreSQL runs:`,
);
for (const shape of missed) {
  console.log(`  ${short(shape)}\n    sent by ${sentBy(shape).join(', ')}`);
}
process.exit(1);
