import fs from 'node:fs';

/**
 * Whether a resource's records have a page of their own (src/admin/resources/<name>/index.ts names a `show` screen),
 * so that a click on a row of its list opens `/<name>/<id>/show`.
 */
export function hasShow(resource: string): boolean {
  const index = `src/admin/resources/${resource}/index.ts`;
  return fs.existsSync(index) && /^\s*show:/m.test(fs.readFileSync(index, 'utf8'));
}
