/**
 * docs/ARCHITECTURE.md's "Which tests run on PostgreSQL" table names every API file that PostgreSQL runs, with why:
 * each file under tests/api/ that vitest.config.ts's PGLITE_ONLY does not keep to PGlite, and no other.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const read = (file: string) => fs.readFileSync(path.resolve(file), 'utf8');

describe('the list of API files PostgreSQL runs', () => {
  it('is the API files minus PGLITE_ONLY, each with a reason', () => {
    const config = read('vitest.config.ts');
    const block = config.slice(
      config.indexOf('const PGLITE_ONLY'),
      config.indexOf('};', config.indexOf('const PGLITE_ONLY')),
    );
    const pgliteOnly = new Set([...block.matchAll(/'tests\/api\/([\w-]+)\.test\.ts'/g)].map((m) => m[1]));
    expect(pgliteOnly.size).toBeGreaterThan(0);
    const files = fs
      .readdirSync(path.resolve('tests/api'))
      .filter((f) => f.endsWith('.test.ts'))
      .map((f) => f.replace(/\.test\.ts$/, ''));
    const doc = read('docs/ARCHITECTURE.md');
    // Prettier pads the table's cells: the header is found whatever its spacing.
    const table = doc.slice(doc.search(/^\|\s*file\s*\|\s*why on PostgreSQL\s*\|/m));
    const rows = table
      .split('\n')
      .slice(2)
      .filter((_, i, all) => all.slice(0, i + 1).every((l) => l.startsWith('|')))
      .map((l) => l.split('|').map((c) => c.trim()));
    for (const [, file, why] of rows) expect(why, `${file} has its reason`).toBeTruthy();
    expect(rows.map((r) => r[1]).sort()).toEqual(files.filter((f) => !pgliteOnly.has(f)).sort());
  });
});
