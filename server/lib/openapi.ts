/**
 * What the OpenAPI document says of each route beyond its zod schemas, told from the route's config: an operationId,
 * `security: []` when it is public, a multipart body for an upload, and every status it can answer with (the error
 * statuses with the one error shape). The document and the serializer state a response schema alike (answerJsonSchema);
 * the rest changes only the document, so an upload's body is not validated as JSON.
 */
import type { FastifyContextConfig, RouteOptions } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';

type Json = Record<string, unknown>;
type TransformInput = Parameters<typeof jsonSchemaTransform>[0];
type Upload = NonNullable<FastifyContextConfig['upload']>;

/** A route answering 201 or 202 says so in `schema.response` (the body stays unconstrained until it is described). */
export const created = { 201: z.unknown().describe('Created') };
export const accepted = { 202: z.unknown().describe('Accepted: the work goes on after the answer') };

/** `{ok:false, error, code, messageCode, params?, fields?, fieldMessages?}`: what plugins/errors.ts sends for every error. */
const PARAMS = { type: 'object', additionalProperties: { anyOf: [{ type: 'string' }, { type: 'number' }] } };
export const ERROR_SCHEMA = {
  $id: 'Error',
  type: 'object',
  description:
    'An error: its sentence in English (`error`), what programs branch on (`code`), and the sentence to translate (`messageCode` + `params`), with each field’s in `fields` and `fieldMessages`.',
  required: ['ok', 'error', 'code', 'messageCode'],
  additionalProperties: false,
  properties: {
    ok: { type: 'boolean', enum: [false] },
    success: { type: 'boolean', enum: [false] },
    error: { type: 'string' },
    code: { type: 'string' },
    messageCode: { type: 'string' },
    params: PARAMS,
    requestId: {
      type: 'string',
      description: 'The request’s id (also its X-Request-Id header): quote it to report the error.',
    },
    fields: { type: 'object', additionalProperties: { type: 'string' } },
    fieldMessages: {
      type: 'object',
      additionalProperties: {
        type: 'object',
        required: ['messageCode'],
        additionalProperties: false,
        properties: { messageCode: { type: 'string' }, params: PARAMS },
      },
    },
  },
};

const error = (description: string) => ({ description, $ref: 'Error#' });

/** What each refusal a route declares (`config.refuses`) means, in the document. */
const REFUSALS = {
  401: 'The credentials, the token or the proof sent are not right',
  403: 'This account or caller may not do it (e.g. suspended, locked, or not the owner)',
  402: 'The payment was declined: the sentence says why, and another card may be tried',
  404: 'A record the request names does not exist',
  409: 'The record’s state does not allow it (or another request changed it first): the sentence says which state',
  410: 'The link or session is used up or expired',
  412: 'The record changed after the version the request names (If-Match): read it again',
  422: 'A rule of the domain refuses it: the sentence says which',
} as const;
export type Refusal = keyof typeof REFUSALS;

/**
 * A stable operationId from the method and the path: `GET /api/products/:id/image` → `getProductsByIdImage`.
 * Two routes that would share one (e.g. `/api/a-b` and `/api/a/b`) are refused when registered.
 */
export function operationIdOf(method: string, url: string): string {
  const words = url
    .replace(/^\/api\//, '')
    .split(/[/.\-_]+/)
    .filter(Boolean)
    .map((w) =>
      w.startsWith(':') ? `By${w.slice(1, 2).toUpperCase()}${w.slice(2)}` : w.slice(0, 1).toUpperCase() + w.slice(1),
    );
  return method.toLowerCase() + words.join('');
}

/**
 * OpenAPI 3.0 allows `nullable` only beside a `type`: a nullable union (`anyOf`) carries it on each typed branch. And
 * `nullable` does not widen an `enum`, so a nullable enum lists null among its values.
 */
function withNullableTypes(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(withNullableTypes);
  if (!schema || typeof schema !== 'object') return schema;
  const out: Json = Object.fromEntries(Object.entries(schema).map(([k, v]) => [k, withNullableTypes(v)]));
  if (out['nullable'] === true && Array.isArray(out['enum']) && !out['enum'].includes(null))
    out['enum'] = [...(out['enum'] as unknown[]), null];
  if (out['nullable'] === true && out['type'] === undefined) {
    delete out['nullable'];
    if (Array.isArray(out['anyOf']))
      out['anyOf'] = (out['anyOf'] as Json[]).map((b) => (b['type'] ? { ...b, nullable: true } : b));
  }
  return out;
}

/** The statuses every route may answer besides its success, each with the error shape. */
function errorResponses(route: RouteOptions, schema: Json, upload: boolean): Json {
  const config = route.config ?? {};
  const hasBody = upload || !!schema['body'];
  return {
    ...(upload || schema['body'] || schema['querystring'] || schema['params'] || schema['headers']
      ? { 400: error('The request is not valid: the sentence names the field and what is wrong with it') }
      : {}),
    ...(config.public
      ? {}
      : {
          401: error('No valid bearer token'),
          403: error(
            'The caller’s role may not do this, or the session must first change its password or enrol in two-factor authentication',
          ),
        }),
    ...(route.url.includes(':') ? { 404: error('No such record') } : {}),
    ...(hasBody
      ? {
          413: error(upload ? 'The file is larger than the upload allows' : 'The body is larger than 1 MB'),
          415: error(upload ? 'Not sent as multipart/form-data' : 'The body is not JSON'),
        }
      : {}),
    429: error(
      config.rateLimit
        ? 'Too many of these requests from this address: this route has a tighter limit of its own'
        : 'Too many requests from this address: wait a minute',
    ),
    ...Object.fromEntries((config.refuses ?? []).map((status) => [status, error(REFUSALS[status])])),
    503: {
      ...error(
        'The database is briefly away (its connection was cut, it restarts) or this process is stopping: send the request again after the seconds `Retry-After` says',
      ),
      headers: { 'Retry-After': { type: 'integer', description: 'Seconds to wait before sending the request again' } },
    },
    '5XX': error('The server, or a provider or chain it relies on, failed'),
  };
}

/** What a route answers on success when its schema does not say: 200, as JSON, or a file (a list's export.csv, `config.sends`). */
function defaultSuccess(route: RouteOptions): Json {
  const sends =
    route.config?.sends ??
    (route.url.endsWith('.csv') ? { types: ['text/csv'], description: 'The rows as CSV' } : null);
  if (!sends) return { 200: { description: 'OK' } };
  return {
    200: {
      description: sends.description,
      content: Object.fromEntries(sends.types.map((type) => [type, { schema: { type: 'string', format: 'binary' } }])),
    },
  };
}

/** The document's OpenAPI version, which sets the JSON schema dialect of every schema in it. */
export const OPENAPI_VERSION = '3.0.3';

/** A response schema as the document states it: what the serializer (server/lib/serializer.ts) compiles, so the two agree. */
export function answerJsonSchema(schema: z.ZodType): Json {
  const input = {
    schema: { response: { 200: schema } },
    url: '/',
    openapiObject: { openapi: OPENAPI_VERSION },
  } as unknown as TransformInput;
  const { response } = jsonSchemaTransform(input).schema as { response: Record<number, Json> };
  return withNullableTypes(response[200]) as Json;
}

/** The multipart body of an upload: its text fields (a zod object) and its one file. */
function uploadBody(input: TransformInput, upload: Upload): Json {
  const fields = upload.fields ?? z.object({});
  const json = jsonSchemaTransform({ ...input, schema: { body: fields } }).schema as { body: Json };
  const body = json.body;
  return {
    ...body,
    required: [...((body['required'] as string[] | undefined) ?? []), upload.file],
    properties: {
      ...(body['properties'] as Json | undefined),
      [upload.file]: { type: 'string', format: 'binary', description: upload.description },
    },
  };
}

/** The swagger plugin's transform: the zod schemas as JSON schema, then what the route's config tells. */
export function describeRoute(input: TransformInput) {
  const { schema, url } = jsonSchemaTransform(input) as { schema: Json; url: string };
  if (!schema || schema['hide']) return { schema, url };
  const route = input.route as RouteOptions;
  const config = route.config ?? {};
  const upload = config.upload;
  const doc = withNullableTypes(schema) as Json;
  if (config.public) doc['security'] = [];
  if (upload) Object.assign(doc, { body: uploadBody(input, upload), consumes: ['multipart/form-data'] });
  const declared = doc['response'] as Json | undefined;
  doc['response'] = { ...(declared ?? defaultSuccess(route)), ...errorResponses(route, doc, !!upload) };
  return { schema: doc, url };
}
