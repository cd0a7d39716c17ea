/**
 * A resource's sentences: its folder's i18n/en.ts or zh.ts. Found by the bundler, so their keys are not typed here:
 * tests/unit/i18n.test.ts checks that English and Chinese have the same ones.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- nested sentences, read by key
export type Catalogue = Record<string, any>;

/** Each resource folder's catalogue (resources/<name>/i18n/<lang>.ts, found by the bundler) under `resources.<name>`. */
export const resourceCatalogues = (modules: Record<string, { default: Catalogue }>): Record<string, Catalogue> =>
  Object.fromEntries(Object.entries(modules).map(([path, m]) => [path.split('/').at(-3)!, m.default]));

/** The side-menu labels resource catalogues carry as `menu`, under their resource's name (`app.menu.<name>`). */
export const menuLabels = (catalogues: Record<string, Catalogue>): Record<string, string> =>
  Object.fromEntries(
    Object.entries(catalogues).flatMap(([name, c]) => (typeof c.menu === 'string' ? [[name, c.menu]] : [])),
  );

/** The audit log's names of the record types resource catalogues carry as `audit_entities` (`app.audit.entities`). */
export const auditEntityNames = (catalogues: Record<string, Catalogue>): Record<string, string> =>
  Object.assign({}, ...Object.values(catalogues).map((c) => (c.audit_entities ?? {}) as Record<string, string>));
