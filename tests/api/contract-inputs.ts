/**
 * Requests made from the OpenAPI document alone, as a client that read only the document would make them:
 * fast-check arbitraries for each operation's path, query, headers and body, within the document's schemas (valid)
 * or with one thing wrong (invalid: a field missing, of another type, too long, off its list, or a body of anything).
 */
import fc from 'fast-check';

export type Schema = {
  $ref?: string;
  type?: string;
  format?: string;
  pattern?: string;
  enum?: unknown[];
  nullable?: boolean;
  default?: unknown;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  exclusiveMaximum?: boolean | number;
  minItems?: number;
  maxItems?: number;
  items?: Schema;
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: boolean | Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
};
export type Parameter = {
  in: 'path' | 'query' | 'header' | 'cookie';
  name: string;
  required?: boolean;
  schema: Schema;
};
export type Operation = {
  operationId?: string;
  tags?: string[];
  security?: unknown[];
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content: Record<string, { schema: Schema }> };
};
export type Request = {
  path: Record<string, string>;
  query: Record<string, string>;
  headers: Record<string, string>;
  body?: unknown;
  multipart: boolean;
};

/** Strings short enough to read in a failure, long enough to pass minimum lengths. */
const LONGEST = 60;
const WORDS = fc.constantFrom(
  'a',
  'Zz',
  '0',
  ' ',
  '-',
  '_',
  '.',
  '@',
  '%',
  '/',
  "'",
  '"',
  '<b>',
  '😀',
  '名',
  '\u0000',
  '\n',
);

const clampLength = (s: Schema) => ({
  minLength: s.minLength ?? 0,
  maxLength: Math.max(s.minLength ?? 0, Math.min(s.maxLength ?? LONGEST, LONGEST)),
});

function stringOf(s: Schema): fc.Arbitrary<string> {
  if (s.format === 'uuid') return fc.uuid();
  if (s.format === 'date-time')
    return fc
      .date({ min: new Date('1990-01-01'), max: new Date('2100-01-01'), noInvalidDate: true })
      .map((d) => d.toISOString());
  const { minLength, maxLength } = clampLength(s);
  // The server's own email pattern is stricter than RFC 5322, which fc.emailAddress follows.
  if (s.format === 'email')
    return fc
      .tuple(fc.stringMatching(/^[a-z0-9][a-z0-9._-]{0,15}$/), fc.constantFrom('example.com', 'rwa.test'))
      .map(([l, d]) => `${l}@${d}`);
  if (s.pattern) {
    const matching = fc.stringMatching(new RegExp(s.pattern), { size: 'small' });
    return matching.filter((v) => v.length >= minLength && v.length <= (s.maxLength ?? Infinity));
  }
  return fc.oneof(
    fc.string({ minLength, maxLength }),
    fc
      .array(WORDS, { minLength, maxLength: Math.max(minLength, Math.min(maxLength, 12)) })
      .map((w) => w.join(''))
      .filter((v) => v.length >= minLength && v.length <= maxLength),
  );
}

function numberOf(s: Schema, integer: boolean): fc.Arbitrary<number> {
  const lowEdge = typeof s.exclusiveMinimum === 'number' ? s.exclusiveMinimum : s.minimum;
  const highEdge = typeof s.exclusiveMaximum === 'number' ? s.exclusiveMaximum : s.maximum;
  const lowOpen = s.exclusiveMinimum === true || typeof s.exclusiveMinimum === 'number';
  const highOpen = s.exclusiveMaximum === true || typeof s.exclusiveMaximum === 'number';
  const min = Math.max(lowEdge ?? -1_000_000, -Number.MAX_SAFE_INTEGER);
  const max = Math.min(highEdge ?? 1_000_000_000, Number.MAX_SAFE_INTEGER);
  if (integer)
    return fc.integer({
      min: lowOpen ? Math.floor(min) + 1 : Math.ceil(min),
      max: highOpen ? Math.ceil(max) - 1 : Math.floor(max),
    });
  return fc.oneof(
    fc.integer({ min: Math.ceil(min) + (lowOpen ? 1 : 0), max: Math.floor(max) - (highOpen ? 1 : 0) }),
    fc.double({ min, max, noNaN: true, noDefaultInfinity: true, minExcluded: lowOpen, maxExcluded: highOpen }),
  );
}

/**
 * Builds arbitraries against one document, whose `$ref`s it follows. `known` gives ids the API has answered so far:
 * for the operation's path; a path's id is one of them half the time, so record routes are reached beyond their 404.
 */
export function inputsFor(
  doc: { components?: { schemas?: Record<string, Schema> } },
  known: (path: string) => string[] = () => [],
) {
  const deref = (s: Schema): Schema => (s.$ref ? deref(doc.components?.schemas?.[s.$ref.split('/').pop()!] ?? {}) : s);

  function valid(schema: Schema, depth = 0): fc.Arbitrary<unknown> {
    const s = deref(schema);
    const base = ((): fc.Arbitrary<unknown> => {
      if (s.enum) return fc.constantFrom(...s.enum);
      const branches = s.anyOf ?? s.oneOf;
      if (branches) return fc.oneof(...branches.map((b) => valid(b, depth + 1)));
      if (s.allOf) return valid(Object.assign({}, ...s.allOf.map(deref)), depth);
      switch (s.type) {
        case 'string':
          return stringOf(s);
        case 'integer':
          return numberOf(s, true);
        case 'number':
          return numberOf(s, false);
        case 'boolean':
          return fc.boolean();
        case 'array':
          return fc.array(valid(s.items ?? {}, depth + 1), {
            minLength: s.minItems ?? 0,
            maxLength: Math.max(s.minItems ?? 0, Math.min(s.maxItems ?? 4, 4)),
          });
        case 'object':
          return objectOf(s, depth);
        default:
          return depth > 2 ? fc.constant(null) : fc.jsonValue({ maxDepth: 2 });
      }
    })();
    return s.nullable ? fc.option(base, { nil: null, freq: 5 }) : base;
  }

  function objectOf(s: Schema, depth: number): fc.Arbitrary<Record<string, unknown>> {
    const properties = s.properties ?? {};
    const shape = Object.fromEntries(Object.entries(properties).map(([key, p]) => [key, valid(p, depth + 1)]));
    const record = fc.record(shape, { requiredKeys: (s.required ?? []).filter((k) => k in properties) });
    if (Object.keys(properties).length > 0 || !s.additionalProperties) return record;
    const values =
      s.additionalProperties === true ? fc.jsonValue({ maxDepth: 1 }) : valid(s.additionalProperties, depth + 1);
    return fc.dictionary(fc.string({ minLength: 1, maxLength: 12 }), values, { maxKeys: 3 });
  }

  /** A value this schema refuses: of another type, out of its bounds, or off its list. */
  function wrong(schema: Schema): fc.Arbitrary<unknown> {
    const s = deref(schema);
    const options: fc.Arbitrary<unknown>[] = [
      fc.constant(s.type === 'object' ? 'an object expected' : { not: 'this' }),
    ];
    if (s.enum) options.push(fc.constant('not-one-of-them'));
    if (s.type === 'string') {
      options.push(fc.constant(12345), fc.constant('x'.repeat((s.maxLength ?? 100_000) + 1)));
      if (s.minLength) options.push(fc.constant(''));
      if (s.format || s.pattern) options.push(fc.constantFrom('not valid', '2024-13-45', 'zz@@', '0x12'));
    }
    if (s.type === 'integer' || s.type === 'number') {
      options.push(fc.constantFrom('twelve', true, Number.MAX_SAFE_INTEGER * 4, -Number.MAX_SAFE_INTEGER * 4));
      if (s.type === 'integer') options.push(fc.constant(1.5));
      if (s.minimum !== undefined) options.push(fc.constant(s.minimum - 1));
      if (s.maximum !== undefined) options.push(fc.constant(s.maximum + 1));
    }
    if (s.type === 'array')
      options.push(fc.constant('not a list'), fc.constant(Array.from({ length: (s.maxItems ?? 1000) + 1 }, () => 'x')));
    return fc.oneof(...options);
  }

  /** A valid object with one property made wrong or one required property left out; or any JSON at all. */
  function invalidObject(schema: Schema): fc.Arbitrary<unknown> {
    const s = deref(schema);
    const keys = Object.keys(s.properties ?? {});
    if (s.type !== 'object' || keys.length === 0) return fc.oneof(wrong(s), fc.jsonValue({ maxDepth: 3 }));
    const withWrong = fc
      .tuple(valid(s), fc.constantFrom(...keys))
      .chain(([value, key]) => wrong(s.properties![key]!).map((bad) => ({ ...(value as object), [key]: bad })));
    const options = [withWrong, fc.jsonValue({ maxDepth: 3 })];
    if (s.required?.length) {
      options.push(
        fc.tuple(valid(s), fc.constantFrom(...s.required)).map(([value, key]) => {
          const { [key]: _left, ...rest } = value as Record<string, unknown>;
          return rest;
        }),
      );
    }
    return fc.oneof(...options);
  }

  const text = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v));

  /** The parameters of one place (path, query, header): valid values, or (bad) one of them wrong. */
  function parametersOf(params: Parameter[], where: Parameter['in'], bad: fc.Arbitrary<string | null>, pool: string[]) {
    const own = params.filter((p) => p.in === where);
    const valueOf = (p: Parameter) =>
      where === 'path' && deref(p.schema).format === 'uuid' && pool.length > 0
        ? fc.oneof(fc.constantFrom(...pool), fc.uuid())
        : valid(p.schema).map(text);
    const values = fc.record(Object.fromEntries(own.map((p) => [p.name, valueOf(p)])), {
      requiredKeys: own.filter((p) => p.required || where === 'path').map((p) => p.name),
    });
    return fc.tuple(values, bad).chain(([v, name]) => {
      const param = own.find((p) => p.name === name);
      if (!param) return fc.constant(v as Record<string, string>);
      return wrong(param.schema).map((w) => ({ ...v, [param.name]: text(w) }) as Record<string, string>);
    });
  }

  /** A request for the operation: `valid` within every schema, or with one parameter or the body wrong (null when it takes neither). */
  function request(path: string, op: Operation, kind: 'valid' | 'invalid'): fc.Arbitrary<Request> | null {
    const pool = known(path);
    const params = (op.parameters ?? []).filter((p) => p.in !== 'cookie');
    const content = op.requestBody?.content ?? {};
    const multipart = 'multipart/form-data' in content;
    const bodySchema = content['application/json']?.schema ?? content['multipart/form-data']?.schema;
    const names = params.map((p) => p.name);
    if (kind === 'invalid' && names.length === 0 && !bodySchema) return null;
    // In an invalid request exactly one thing is wrong: a parameter (by name) or, with null, the body.
    const spoiled =
      kind === 'valid' || (names.length === 0 && bodySchema)
        ? fc.constant<string | null>(kind === 'valid' ? '' : null)
        : fc.constantFrom<string | null>(...names, ...(bodySchema ? [null] : []));
    return spoiled.chain((spoil) => {
      const badParam = fc.constant(spoil || '');
      const body = !bodySchema
        ? fc.constant(undefined)
        : spoil === null && kind === 'invalid'
          ? invalidObject(bodySchema)
          : valid(bodySchema);
      return fc.record({
        path: parametersOf(params, 'path', badParam, pool),
        query: parametersOf(params, 'query', badParam, pool),
        headers: parametersOf(params, 'header', badParam, pool),
        body,
        multipart: fc.constant(multipart),
      });
    });
  }

  return { request, valid };
}

/** A request's URL: the path with its parameters filled in (encoded), then its query. */
export function urlOf(path: string, req: Request): string {
  const filled = path.replace(/\{(\w+)\}/g, (_m, name: string) => encodeURIComponent(req.path[name] ?? ''));
  const query = new URLSearchParams(req.query).toString();
  return query ? `${filled}?${query}` : filled;
}

/** A multipart body from generated fields: binary ones as a small file, the rest as text. */
export function formOf(body: unknown, schema: Schema | undefined): FormData {
  const form = new FormData();
  if (!body || typeof body !== 'object') return form;
  for (const [key, value] of Object.entries(body)) {
    if (value === null || value === undefined) continue;
    const binary = schema?.properties?.[key]?.format === 'binary';
    if (binary) form.append(key, new Blob([typeof value === 'string' ? value : 'file']), 'upload.bin');
    else form.append(key, typeof value === 'string' ? value : JSON.stringify(value));
  }
  return form;
}
