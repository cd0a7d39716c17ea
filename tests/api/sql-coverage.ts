/**
 * SQL coverage, the API projects' setup file: with SQL_COVERAGE_DIR set, the shape of every statement a test file sends
 * from the test process (server/db/client.ts's watchers, both engines) is written to
 * `$SQL_COVERAGE_DIR/<engine>/<file>.json` when the file ends. scripts/sql-coverage.ts then checks that PostgreSQL heard
 * every shape PGlite heard, and names the files that would cover what it missed. Without the variable it does nothing.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { watchStatements } from '../../server/db/client.js';
import { engine } from './engine.js';

/**
 * A statement without what changes from call to call: its literals, its parameters' numbers, the length of a list of
 * values, the number of rows of a multi-row insert and which columns an update sets to
 * parameters. Two calls of one query builder have one shape.
 */
export function statementShape(sql: string): string {
  const VALUE = String.raw`(?:\$|'\?'|0|null|default|true|false)`;
  return sql
    .replace(/'(?:[^']|'')*'/g, "'?'")
    .replace(/\$\d+/g, '$')
    .replace(/\d+/g, '0')
    .replace(/\s+/g, ' ')
    .toLowerCase()
    .replace(
      new RegExp(
        String.raw`\(\s*${VALUE}(?:\s*(?:::\s*[a-z_]+(?:\[\])?)?\s*,\s*${VALUE})*\s*(?:::\s*[a-z_]+(?:\[\])?)?\s*\)`,
        'g',
      ),
      '(…)',
    )
    .replace(/\(…\)(?:\s*,\s*\(…\))+/g, '(…)')
    .replace(/ set "[a-z_]+" = \$(?:, "[a-z_]+" = \$)*/g, ' set …')
    .trim();
}

let paused = 0;
/** Runs `fn` with its statements left out: a test's own reads of what it checks, not the app's statements. */
export async function notRecorded<T>(fn: () => Promise<T>): Promise<T> {
  paused++;
  try {
    return await fn();
  } finally {
    paused--;
  }
}

const dir = process.env.SQL_COVERAGE_DIR;
if (dir) {
  const heard = new Set<string>();
  let stop = () => {};
  beforeAll(() => {
    heard.clear();
    stop = watchStatements((sql) => void (paused === 0 && heard.add(sql)));
  });
  // vitest hands a hook its fixtures first (destructured, or it refuses the hook) and the suite second.
  // eslint-disable-next-line no-empty-pattern
  afterAll(({}, suite) => {
    stop();
    const file = path.relative(process.cwd(), suite.file.filepath);
    const out = path.join(dir, engine(), `${file.replace(/[\\/]/g, '__')}.json`);
    fs.mkdirSync(path.dirname(out), { recursive: true });
    fs.writeFileSync(
      out,
      JSON.stringify({ file, shapes: [...new Set([...heard].filter(Boolean).map(statementShape))].sort() }),
    );
  });
}
