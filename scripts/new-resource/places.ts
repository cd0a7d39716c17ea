/**
 * Everything a new resource `<name>` touches: its own files, then one entry in each registry and its table. Nothing
 * else (a menu, a route list, a catalogue's index, an export's test row, an audit list) may need a line:
 * tests/unit/resource-registry.test.ts checks this list against the code, tests/api/new-resource.test.ts against
 * what `npm run new:resource` really changes.
 */
export const NEW_RESOURCE = {
  own: [
    'src/common/<name>.ts',
    'src/common/<name>.schemas.ts',
    'server/modules/<name>/', // routes.ts (with its access), service.ts, present.ts (its CSV columns with csvExport)
    'src/admin/resources/<name>/', // index.ts, List (with the status chip), Show, Form, i18n/en.ts and i18n/zh.ts
    'server/db/migrations/', // the generated SQL and its snapshot
    'tests/api/<name>.test.ts',
    'scripts/demo-data/resources/<name>.ts', // its demo records
  ],
  shared: [
    'src/common/resources.ts',
    'src/common/audit-fields.ts', // the fields its audit entries carry (its catalogue labels them)
    'server/modules/index.ts',
    'server/db/schema.ts',
    'server/db/migrations/meta/_journal.json',
    'tests/api/factories.ts', // its rows for tests
    'tests/api/unsafe-text.test.ts', // a valid body per new route that takes one (it fails without)
    'db.json', // its demo records, written by npm run demo-data
    'docs/ARCHITECTURE.md', // its row in the table of files PostgreSQL runs
  ],
};

/** The place of NEW_RESOURCE a changed file belongs to, for the resource `name`, or undefined for none. */
export function placeOf(file: string, name: string): string | undefined {
  const places = [...NEW_RESOURCE.shared, ...NEW_RESOURCE.own];
  return places.find((p) => {
    const path = p.replace('<name>', name);
    return path.endsWith('/') ? file.startsWith(path) : file === path;
  });
}
