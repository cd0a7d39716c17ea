/** The one entry a new resource adds to each shared registry (NEW_RESOURCE.shared in places.ts). */
import type { Names } from './names.js';

type Edit = { file: string; change: (text: string, n: Names) => string };

/** `text` with `add` put before the first `anchor` after `from` (or the file's start); a missing anchor is an error. */
function before(text: string, anchor: string | RegExp, add: string, from = 0): string {
  const rest = text.slice(from);
  const at = typeof anchor === 'string' ? rest.indexOf(anchor) : rest.search(anchor);
  if (at < 0) throw new Error(`Cannot find ${String(anchor)}: the file changed shape; add the lines by hand.`);
  return text.slice(0, from + at) + add + text.slice(from + at);
}

/** `text` with `line` added after its last top-level import. */
function afterImports(text: string, line: string): string {
  const imports = [...text.matchAll(/^import [\s\S]*?from '[^']+';\n/gm)];
  const end = imports.at(-1)!.index! + imports.at(-1)![0].length;
  return text.slice(0, end) + line + text.slice(end);
}

/** The next free place in the side menu. */
const nextMenuOrder = (text: string) => Math.max(...[...text.matchAll(/menu\((\d+),/g)].map((m) => Number(m[1]))) + 1;

/** `text` with the new resource's row put in its place (by name) in ARCHITECTURE.md's table of PostgreSQL files. */
function withPostgresRow(text: string, n: Names): string {
  const header = '| file | why on PostgreSQL |\n|---|---|\n';
  const start = text.indexOf(header);
  if (start < 0) throw new Error("Cannot find the table 'Which tests run on PostgreSQL'; add the row by hand.");
  const rowsAt = start + header.length;
  const rows = text.slice(rowsAt).split('\n');
  const count = rows.findIndex((l) => !l.startsWith('|'));
  const at = rows.slice(0, count).findIndex((l) => l.split('|')[1]!.trim() > n.kebab);
  rows.splice(at < 0 ? count : at, 0, `| ${n.kebab} | its list's filters, sorts and pages, and its writes, in SQL |`);
  return text.slice(0, rowsAt) + rows.join('\n');
}

export const SHARED_EDITS: Edit[] = [
  { file: 'docs/ARCHITECTURE.md', change: withPostgresRow },
  {
    file: 'src/common/resources.ts',
    change: (text, n) =>
      before(
        text,
        '} as const satisfies Record<string, Resource>;',
        `  '${n.kebab}': { ...staff('catalog.write'), ...api('${n.kebab}', '${n.camel}', '${n.oneCamel}'), ` +
          `...menu(${nextMenuOrder(text)}, '${n.kebab}', 'Inventory'), ...audit('${n.entity}') },\n`,
      ),
  },
  {
    file: 'src/common/audit-fields.ts',
    change: (text, n) =>
      before(
        text,
        '} as const satisfies Record<AuditEntity, readonly string[]>;',
        `  ${n.entity}: ['id', 'name', 'price', 'status', 'createdAt'],\n`,
      ),
  },
  {
    file: 'server/modules/index.ts',
    change: (text, n) =>
      before(
        afterImports(text, `import ${n.camel} from './${n.kebab}/routes.js';\n`),
        '] as const;',
        `  ${n.camel}, // no policy.ts: no rules of its own (resourceAccess in routes.ts)\n`,
      ),
  },
  {
    file: 'tests/api/factories.ts',
    change: (text, n) =>
      afterImports(
        text,
        `import { create${n.OnePascal} } from '../../server/modules/${n.kebab}/service.js';\n` +
          `import { ${n.oneCamel}Body } from '../../src/common/${n.kebab}.schemas.js';\n`,
      ) +
      `\n/** A ${n.oneLabel}'s create body, with a unique name. */\n` +
      `export const ${n.oneCamel}Input = (overrides: Record<string, unknown> = {}) => ` +
      `({ name: \`${n.OneLabelCap} \${unique()}\`, price: 12.5, status: 'active', ...overrides });\n\n` +
      `/** A ${n.oneLabel}, created as its service creates one. */\n` +
      `export const build${n.OnePascal} = (t: WithDb, overrides: Record<string, unknown> = {}) =>\n` +
      `  create${n.OnePascal}(t.db, ${n.oneCamel}Body.parse(${n.oneCamel}Input(overrides)), null);\n`,
  },
  {
    file: 'tests/api/unsafe-text.test.ts',
    change: (text, n) => {
      const withImport = text.replace(
        /\n\} from '\.\/factories\.js';/,
        `\n  ${n.oneCamel}Input,\n} from './factories.js';`,
      );
      if (withImport === text) throw new Error("Cannot find the import from './factories.js'.");
      const bodies = before(
        withImport,
        /\n};\n/,
        `\n  'POST /api/${n.kebab}': () => ${n.oneCamel}Input(),\n  'PUT /api/${n.kebab}/{id}': () => ({ name: 'Renamed' }),`,
        withImport.indexOf('const VALID_BODIES'),
      );
      return before(bodies, /\n {2}};\n/, `\n    '${n.kebab}': randomUUID(),`, bodies.indexOf('realIds = {'));
    },
  },
];
