/** The names a resource goes by in each place, from its route name (`stock-counts`) and optionally its singular. */
export type Names = Record<(typeof TOKENS)[number], string>;

export const TOKENS = [
  'kebab',
  'camel',
  'Pascal',
  'oneCamel',
  'OnePascal',
  'CONST',
  'table',
  'entity',
  'Label',
  'label',
  'oneLabel',
  'OneLabelCap',
  'zh',
] as const;

const words = (kebab: string) => kebab.split('-');
const cap = (w: string) => w[0]!.toUpperCase() + w.slice(1);
const singularOf = (kebab: string) =>
  kebab.endsWith('ies') ? `${kebab.slice(0, -3)}y` : kebab.endsWith('s') ? kebab.slice(0, -1) : kebab;

/** Why the route name cannot be used, or null. */
export function nameProblem(kebab: string, one?: string): string | null {
  // PostgreSQL cuts identifiers at 63 characters, and its index names add a suffix to the table's.
  if (kebab.length > 40) return `"${kebab.slice(0, 40)}…" is too long: a name has at most 40 characters.`;
  if (!/^[a-z][a-z0-9]*(-[a-z][a-z0-9]*)*$/.test(kebab))
    return `"${kebab}" must be lower-case words joined by dashes, e.g. stock-counts.`;
  const singular = one ?? singularOf(kebab);
  if (singular === kebab) return `Name the singular of "${kebab}" with --one, e.g. --one stock-count.`;
  if (singular.length > 40 || !/^[a-z][a-z0-9]*(-[a-z][a-z0-9]*)*$/.test(singular))
    return `--one "${singular.slice(0, 40)}" must look like the name, at most 40 characters.`;
  return null;
}

export function namesOf(kebab: string, opts: { one?: string; zh?: string } = {}): Names {
  const one = opts.one ?? singularOf(kebab);
  const [first, ...rest] = words(kebab);
  const [oneFirst, ...oneRest] = words(one);
  const label = words(kebab).join(' ');
  return {
    kebab,
    camel: first + rest.map(cap).join(''),
    Pascal: words(kebab).map(cap).join(''),
    oneCamel: oneFirst + oneRest.map(cap).join(''),
    OnePascal: words(one).map(cap).join(''),
    CONST: words(one).join('_').toUpperCase(),
    table: words(kebab).join('_'),
    entity: words(one).join('_'),
    Label: cap(label),
    label,
    oneLabel: words(one).join(' '),
    OneLabelCap: cap(words(one).join(' ')),
    zh: opts.zh ?? cap(label),
  };
}

/** A template with each `{{token}}` replaced by its name; an unknown token is a mistake in the template. */
export function fill(template: string, names: Names): string {
  return template.replace(/\{\{(\w+)\}\}/g, (whole, token: string) => {
    if (!(token in names)) throw new Error(`Unknown token ${whole} in a template`);
    return names[token as keyof Names];
  });
}
