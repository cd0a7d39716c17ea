/**
 * One definition per resource: src/common/resources.ts names each resource once, and the menu, the admin's screens and
 * catalogues, the audit log's record types, the CSV exports, the access matrix and the browser tests' lists of screens
 * derive from it. This test says what a new resource provides and fails when one of those consumers keeps a list of its own.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { AUDIT_ENTITIES, MENU, RESOURCES, type ResourceName } from '../../src/common/resources.js';
import { NAV_ITEMS, REFERRAL_DASHBOARD } from '../../src/admin/layout/nav.js';
import en from '../../src/admin/i18n/en.js';
import zh from '../../src/admin/i18n/zh.js';
import { NEW_RESOURCE } from '../../scripts/new-resource/places.js';

const read = (file: string) => fs.readFileSync(path.resolve(file), 'utf8');
const names = Object.keys(RESOURCES) as ResourceName[];
const adminFolders = fs.readdirSync('src/admin/resources');

/** Files that listed resources by hand before the registry; the checklist must not send anyone to them. */
const FORMER_LISTS = [
  'src/admin/App.tsx',
  'src/admin/layout/nav.ts',
  'tests/e2e/layout.test.ts',
  'tests/e2e/phones.ts',
  'tests/e2e/record-pages.test.ts',
  'tests/api/csv-export.test.ts',
  'tests/api/access-matrix.test.ts',
  'src/common/audit.ts',
];

describe('what a resource provides', () => {
  // How many files `npm run new:resource` writes is counted by tests/api/new-resource.test.ts, which runs it.
  it('touches its own files and one entry in each registry, all of which exist', () => {
    for (const file of NEW_RESOURCE.shared) expect(fs.existsSync(file), file).toBe(true);
  });

  it('docs/ARCHITECTURE.md\'s "Add a resource" is this list', () => {
    const doc = read('docs/ARCHITECTURE.md');
    const section = doc.slice(
      doc.indexOf('## Add a resource'),
      doc.indexOf('\n## ', doc.indexOf('## Add a resource') + 1),
    );
    for (const file of [...NEW_RESOURCE.own, ...NEW_RESOURCE.shared])
      expect(section, file).toContain(file.replace('server/db/migrations/meta/_journal.json', 'db:generate'));
    for (const file of FORMER_LISTS) expect(section, file).not.toContain(file);
  });

  it.each(adminFolders)('src/admin/resources/%s is a registry resource of that name, with its catalogues', (folder) => {
    expect(names).toContain(folder);
    expect(read(`src/admin/resources/${folder}/index.ts`)).toContain(`name: '${folder}'`);
    expect((en.resources as Record<string, unknown>)[folder], 'English catalogue').toBeDefined();
    expect((zh.resources as Record<string, unknown>)[folder], 'Chinese catalogue').toBeDefined();
  });

  it("the menu is the registry's entries in order, each labelled in both languages", () => {
    expect(MENU.map((m) => m.order)).toEqual(MENU.map((_, i) => i + 1));
    const path = (m: (typeof MENU)[number]) => `/${m.resource}`;
    expect(NAV_ITEMS.map((n) => n.path)).toEqual(MENU.filter((m) => !m.shoppersOnly).map(path));
    expect([REFERRAL_DASHBOARD.path]).toEqual(MENU.filter((m) => m.shoppersOnly).map(path));
    expect(NAV_ITEMS.every((n) => n.icon)).toBe(true);
    for (const { label } of MENU) {
      expect(en.app.menu, label).toHaveProperty(label);
      expect(zh.app.menu, label).toHaveProperty(label);
    }
  });

  it("every record type the server audits is the registry's, and each is labelled in both languages", () => {
    const files = fs
      .readdirSync('server/modules', { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('.ts'));
    const written = new Set(
      files.flatMap((f) =>
        [...read(`server/modules/${f}`).matchAll(/audit(?:Row)?\([^;]*?, '[\w.]+', '(\w+)'/g)].map((m) => m[1]!),
      ),
    );
    expect(written.size).toBeGreaterThan(5);
    expect([...written].filter((e) => !(AUDIT_ENTITIES as readonly string[]).includes(e))).toEqual([]);
    for (const entity of AUDIT_ENTITIES) {
      expect(en.app.audit.entities, entity).toHaveProperty(entity);
      expect(zh.app.audit.entities, entity).toHaveProperty(entity);
    }
  });
});

/** Each consumer of the registry, and what would mean it went back to a list of its own. */
const CONSUMERS: [file: string, handList: RegExp][] = [
  ['src/admin/App.tsx', /from '\.\/resources\//],
  ['src/admin/i18n/en.ts', /from '\.\.\/resources\//],
  ['src/admin/i18n/zh.ts', /from '\.\.\/resources\//],
  ['src/admin/layout/nav.ts', /'\/(products|orders|coupons|users|settings)'/],
  ['src/common/audit.ts', /'(product|coupon|mint_job)'/],
  ['tests/e2e/layout.test.ts', /'Products',\s*'Orders'/],
  ['tests/e2e/phones.ts', /\{ path: '\/|'\/(settings\/audit|notifications\/bulk|domain-management\/records)'/],
  ['tests/e2e/record-pages.test.ts', /\{ path: '\/|openList\('Payments'|'\/(payments|payouts)'/],
  ['tests/api/csv-export.test.ts', /server\/modules\/\w+\/present/],
];

describe('no list of resources outside the registry', () => {
  it.each(CONSUMERS)('%s derives from the registry', (file, handList) => {
    expect(read(file)).not.toMatch(handList);
  });

  it('the access matrix adds every list and export the registry names', () => {
    expect(read('tests/api/access-matrix.test.ts')).toMatch(/const fromRegistry = \(Object\.keys\(RESOURCES\)/);
  });
});
