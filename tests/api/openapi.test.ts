/**
 * The OpenAPI document tells the truth: each operation named, summarised, tagged, public ones without the bearer
 * token, uploads as multipart, dates as date-time, the error statuses with the error shape; and the harness fails
 * a test whose answer the document does not declare.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './harness.js';
import { answerChecker, type OpenApiDocument } from './openapi-answers.js';

type Schema = { type?: string; format?: string; $ref?: string; properties?: Record<string, Schema> };
type Operation = {
  operationId?: string;
  summary?: string;
  tags?: string[];
  security?: unknown[];
  parameters?: { in: string; name: string; schema: Schema }[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses: Record<string, { content?: Record<string, { schema: Schema }>; headers?: Record<string, unknown> }>;
};
type Doc = {
  servers?: unknown[];
  info: { license?: { name: string } };
  paths: Record<string, Record<string, Operation>>;
};

let t: TestApp;
let doc: Doc;
beforeAll(async () => {
  t = await createTestApp();
  doc = (await t.call('GET', '/api/docs/json')).json();
});
afterAll(async () => {
  await t?.close();
});

const operations = () =>
  Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => ({ where: `${method.toUpperCase()} ${path}`, op })),
  );
const op = (method: string, path: string) => doc.paths[path]![method]!;
const ERROR = { $ref: '#/components/schemas/Error' };

describe('the OpenAPI document', () => {
  it('names, summarises and tags every operation, each operationId once', () => {
    const all = operations();
    expect(all.length).toBeGreaterThan(100);
    for (const { where, op } of all) {
      expect(op.operationId, where).toMatch(/^(get|post|put|delete|patch)[A-Z]\w*$/);
      expect(op.summary, where).toBeTruthy();
      expect(op.tags?.length, where).toBe(1);
    }
    expect(new Set(all.map((o) => o.op.operationId)).size).toBe(all.length);
    expect(op('get', '/api/products/{id}').operationId).toBe('getProductsById');
    expect(doc.servers?.length).toBeGreaterThan(0);
    expect(doc.info.license?.name).toBeTruthy();
  });

  it('asks no token of the public operations, and the bearer token of the others', () => {
    const open = [
      'GET /api/health',
      'GET /api/settings/public',
      'GET /api/shop/products',
      'GET /api/membership/levels',
      'GET /api/payment-sdk/providers',
      'POST /api/cart/price',
      'GET /api/domain/resolve/{domain}',
      'POST /api/shop/auth/signup',
    ];
    for (const { where, op } of operations()) {
      if (open.includes(where)) {
        expect(op.security, where).toEqual([]);
        expect(op.responses['401'], where).toBeUndefined();
      } else if (op.security === undefined) {
        expect(op.responses['401'], where).toMatchObject({ content: { 'application/json': { schema: ERROR } } });
        expect(op.responses['403'], where).toBeDefined();
      }
    }
  });

  it('declares each error status with the error shape, and a success status', () => {
    for (const { where, op } of operations()) {
      expect(
        Object.keys(op.responses).some((s) => /^2/.test(s)),
        where,
      ).toBe(true);
      for (const status of ['429', '503', '5XX'])
        expect(op.responses[status]?.content?.['application/json']?.schema, `${where} ${status}`).toEqual(ERROR);
      // Each refusal is its own status, never a 4XX range a generated client cannot tell apart.
      expect(
        Object.keys(op.responses).filter((s) => /X/.test(s) && s !== '5XX'),
        where,
      ).toEqual([]);
    }
    expect(Object.keys(op('put', '/api/products/{id}').responses)).toEqual(
      expect.arrayContaining(['200', '400', '401', '403', '404', '413', '415']),
    );
    // A cut database connection or a stopping process: send again after Retry-After.
    expect(op('put', '/api/products/{id}').responses['503']).toMatchObject({
      headers: { 'Retry-After': { schema: { type: 'integer' } } },
    });
    expect(Object.keys(op('post', '/api/coupons').responses)).toContain('201');
    expect(op('post', '/api/coupons').responses['200']).toBeUndefined();
    expect(Object.keys(op('get', '/api/orders/export.csv').responses['200']!.content!)).toEqual(['text/csv']);
  });

  it('describes the uploads as multipart/form-data with their fields and file', () => {
    const kyc = op('post', '/api/kyc/session').requestBody!.content['multipart/form-data']!.schema;
    expect(Object.keys(kyc.properties!)).toEqual(
      expect.arrayContaining(['legalName', 'dateOfBirth', 'country', 'documentType', 'documentNumber', 'document']),
    );
    expect(kyc.properties!['document']).toMatchObject({ type: 'string', format: 'binary' });
    const image = op('post', '/api/products/{id}/image').requestBody!.content['multipart/form-data']!.schema;
    expect(image.properties!['image']).toMatchObject({ type: 'string', format: 'binary' });
    for (const path of ['/api/kyc/session', '/api/products/{id}/image']) {
      expect(Object.keys(op('post', path).responses)).toEqual(expect.arrayContaining(['413', '415']));
    }
  });

  it('gives date query parameters the date-time format, and path parameters their enums', () => {
    const startDate = op('get', '/api/audit').parameters!.find((p) => p.name === 'startDate')!;
    expect(startDate.schema).toMatchObject({ type: 'string', format: 'date-time' });
    const level = op('put', '/api/membership/levels/{name}').parameters!.find((p) => p.in === 'path')!;
    expect(level.schema).toMatchObject({ enum: ['BRONZE', 'SILVER', 'GOLD', 'PLATINUM', 'DIAMOND'] });
  });
});

describe('answers checked against the document', () => {
  const answer = (statusCode: number, body: unknown) => ({
    statusCode,
    headers: { 'content-type': 'application/json; charset=utf-8' },
    body: JSON.stringify(body),
  });
  const error = {
    ok: false,
    success: false,
    error: 'No such coupon.',
    code: 'not_found',
    messageCode: 'coupon_not_found',
  };

  it('refuses a status the operation does not declare, and an error body of another shape', () => {
    const check = answerChecker(doc as unknown as OpenApiDocument);
    expect(check('GET', '/api/coupons/:id', answer(404, error))).toBeNull();
    expect(check('GET', '/api/coupons/:id', answer(201, { ok: true }))).toMatch(
      /answered 201, which the OpenAPI document does not declare/,
    );
    expect(check('GET', '/api/coupons/:id', answer(404, { ...error, stack: 'at …' }))).toMatch(
      /refuses: .*additional properties/,
    );
    expect(check('DELETE', '/api/coupons/:id', answer(409, { ok: false, error: 'x' }))).toMatch(
      /refuses: .*must have required property 'code'/,
    );
    // A refusal the route does not list (`config.refuses`) is not covered by a 4XX range.
    expect(check('GET', '/api/coupons/:id', answer(409, error))).toMatch(
      /answered 409, which the OpenAPI document does not declare/,
    );
    expect(op('delete', '/api/coupons/{id}').responses['409']).toMatchObject({
      description: expect.stringContaining('state does not allow it'),
    });
  });

  it('fails a test whose answer the document does not declare (the harness checks every call)', async () => {
    const served = t.checkedDocument() as unknown as Doc;
    const health = served.paths['/api/health']!['get']!;
    const declared = health.responses['200']!;
    delete health.responses['200'];
    try {
      await expect(t.call('GET', '/api/health', { as: null })).rejects.toThrow(
        /GET \/api\/health answered 200, which the OpenAPI document does not declare/,
      );
    } finally {
      health.responses['200'] = declared;
    }
    expect((await t.call('GET', '/api/health', { as: null })).statusCode).toBe(200);
    // A refusal before the route runs (the auth hook's 401) is checked too.
    const coupons = served.paths['/api/coupons']!['get']!.responses;
    const kept = { 401: coupons['401']! };
    delete coupons['401'];
    try {
      await expect(t.call('GET', '/api/coupons', { as: null })).rejects.toThrow(
        /GET \/api\/coupons answered 401, which the OpenAPI document does not declare/,
      );
    } finally {
      Object.assign(coupons, kept);
    }
  });
});
