import fs from 'node:fs';
import path from 'node:path';

/** Records of any shape: a seed file as the tests bend it. */
type SeedFile = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- records of any shape

/** The committed db.json with `change` applied, written as `name` into `dir` for the seed to read; answers its path. */
export function demoVariant(dir: string, name: string, change: (data: SeedFile) => void): string {
  const data = JSON.parse(fs.readFileSync('db.json', 'utf8')) as SeedFile;
  change(data);
  const file = path.join(dir, name);
  fs.writeFileSync(file, JSON.stringify(data));
  return file;
}
