/**
 * `npm run new:resource -- <name> [--one <singular>] [--zh <中文名>]`: a new admin resource in the products model
 * (name, price, status; list with search, status filter, sorts and CSV; show, create, edit, delete; audited), written
 * into the places NEW_RESOURCE lists (scripts/new-resource/places.ts) and formatted, with its migration generated and
 * its demo records written into db.json (its section of scripts/demo-data/resources/, which the seed loads).
 * Then: `npm run typecheck` and `npx vitest run --project api tests/api/<name>.test.ts`.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import * as prettier from 'prettier';
import { fill, nameProblem, namesOf, type Names } from './new-resource/names.js';
import { SHARED_EDITS } from './new-resource/shared.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const TEMPLATES = path.join(ROOT, 'scripts/new-resource/templates');
const SCHEMA = 'server/db/schema.ts';

/** Each template and the file it becomes. */
const OWN_FILES = (n: Names): [template: string, file: string][] => {
  const admin = `src/admin/resources/${n.kebab}`;
  return [
    ['common.ts.tpl', `src/common/${n.kebab}.ts`],
    ['common.schemas.ts.tpl', `src/common/${n.kebab}.schemas.ts`],
    ['routes.ts.tpl', `server/modules/${n.kebab}/routes.ts`],
    ['service.ts.tpl', `server/modules/${n.kebab}/service.ts`],
    ['present.ts.tpl', `server/modules/${n.kebab}/present.ts`],
    ['admin-index.ts.tpl', `${admin}/index.ts`],
    ['List.tsx.tpl', `${admin}/${n.OnePascal}List.tsx`],
    ['Show.tsx.tpl', `${admin}/${n.OnePascal}Show.tsx`],
    ['Form.tsx.tpl', `${admin}/${n.OnePascal}Form.tsx`],
    ['en.ts.tpl', `${admin}/i18n/en.ts`],
    ['zh.ts.tpl', `${admin}/i18n/zh.ts`],
    ['api.test.ts.tpl', `tests/api/${n.kebab}.test.ts`],
    ['demo-data.ts.tpl', `scripts/demo-data/resources/${n.kebab}.ts`],
  ];
};

/** Why the resource cannot be added here, or null. */
function conflictOf(n: Names): string | null {
  const read = (file: string) => fs.readFileSync(path.join(ROOT, file), 'utf8');
  if (new RegExp(`^\\s+'?${n.kebab}'?: \\{`, 'm').test(read('src/common/resources.ts')))
    return `"${n.kebab}" is already in src/common/resources.ts.`;
  if (new RegExp(`^export const ${n.camel}\\b`, 'm').test(read('server/db/schema.ts')))
    return `server/db/schema.ts already has a table ${n.camel}.`;
  const taken = OWN_FILES(n).find(([, file]) => fs.existsSync(path.join(ROOT, file)));
  return taken ? `${taken[1]} already exists.` : null;
}

/** Writes `file`, formatted as `npm run lint:format` wants it (a document is left as written: its tables stay narrow). */
async function write(file: string, text: string) {
  const full = path.join(ROOT, file);
  const options = await prettier.resolveConfig(full);
  fs.mkdirSync(path.dirname(full), { recursive: true });
  fs.writeFileSync(full, file.endsWith('.md') ? text : await prettier.format(text, { ...options, filepath: full }));
}

const USAGE = `Usage: npm run new:resource -- <name> [--one <singular>] [--zh <中文名>]

Adds an admin resource in the products model (name, price, status; list with search, status filter, sorts and CSV;
show, create, edit, delete; audited), with its migration, its API tests and a few demo records.
  <name>            its route name: lower-case words joined by dashes, plural (stock-counts)
  --one <singular>  its singular when the name does not end in s (--one sheep)
  --zh <中文名>      its Chinese name (otherwise the English one, to translate later)
  --help            this text`;

/** The command line's name and options, or the usage (with exit code 0 for --help, 2 for a mistake). */
function argsOf(argv: string[]) {
  try {
    const { values, positionals } = parseArgs({
      args: argv,
      allowPositionals: true,
      options: { one: { type: 'string' }, zh: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
    });
    if (values.help) return { usage: 0 } as const;
    if (positionals.length !== 1) return { usage: 2 } as const;
    return { name: positionals[0]!, values } as const;
  } catch (err) {
    console.error((err as Error).message);
    return { usage: 2 } as const;
  }
}

async function main() {
  const args = argsOf(process.argv.slice(2));
  if ('usage' in args) {
    (args.usage ? console.error : console.log)(USAGE);
    process.exit(args.usage);
  }
  const { name, values } = args;
  const problem = nameProblem(name, values.one);
  if (problem) throw new Error(problem);
  const n = namesOf(name, values);
  const clash = conflictOf(n);
  if (clash) throw new Error(clash);

  // Every file's new text first, so that a registry that changed shape stops the command before it writes anything.
  const read = (file: string) => fs.readFileSync(file, 'utf8');
  const outputs: [file: string, text: string][] = [
    ...OWN_FILES(n).map(([template, file]): [string, string] => [file, fill(read(path.join(TEMPLATES, template)), n)]),
    ...SHARED_EDITS.map(({ file, change }): [string, string] => [file, change(read(path.join(ROOT, file)), n)]),
    [SCHEMA, read(path.join(ROOT, SCHEMA)) + fill(read(path.join(TEMPLATES, 'schema.ts.tpl')), n)],
  ];
  for (const [file, text] of outputs) await write(file, text);

  const drizzle = spawnSync(path.join(ROOT, 'node_modules/.bin/drizzle-kit'), ['generate', '--name', n.table], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  if (drizzle.status !== 0) throw new Error(`drizzle-kit generate failed:\n${drizzle.stdout}${drizzle.stderr}`);
  const demo = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/demo-data/index.ts'], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  if (demo.status !== 0) throw new Error(`npm run demo-data failed:\n${demo.stdout}${demo.stderr}`);

  console.log(
    `Added the resource ${n.kebab}: its files, a line in each registry, the migration for ${n.table} and its demo ` +
      `records in db.json (scripts/demo-data/resources/${n.kebab}.ts).`,
  );
  if (!values.zh)
    console.log(`Its Chinese name is still English: set it in src/admin/resources/${n.kebab}/i18n/zh.ts.`);
  console.log(`Next: npm run typecheck && npx vitest run --project api tests/api/${n.kebab}.test.ts`);
}

main().catch((err: Error) => {
  console.error(err.message);
  process.exit(1);
});
