/**
 * JSON bodies nested deeper than MAX_JSON_DEPTH (64) are a 400 with its sentence on every route, before any schema or
 * rule walks them (plugins/json-body.ts); a 10,000-level redeem policy was a 500 (a stack overflow in isSafeJson).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isSafeJson, jsonDepthOver, MAX_JSON_DEPTH } from '../../src/common/text.js';
import { buildProduct } from './factories.js';
import { createTestApp, type TestApp } from './harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** `{a: {a: … {}}}`, `levels` objects deep (the outermost counts); for depths JSON.stringify can take. */
const nested = (levels: number) => JSON.parse('{"a":'.repeat(levels - 1) + '{}' + '}'.repeat(levels - 1)) as object;

const SENTENCE = `The request body is nested too deeply: at most ${MAX_JSON_DEPTH} levels.`;

describe('deeply nested JSON', () => {
  it('PUT /api/products/{id} with a 10,000-level redeem policy is a 400 saying how deep a body may be', async () => {
    const product = await buildProduct(t);
    // Sent as text: JSON.stringify itself recurses, and overflows on such an object.
    const raw = `{"redeemPolicy":${'{"a":'.repeat(9_999)}{}${'}'.repeat(9_999)}}`;
    const res = await t.call('PUT', `/api/products/${product.id}`, {
      raw,
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({
      ok: false,
      code: 'json_too_deep',
      messageCode: 'json_too_deep',
      params: { max: 64 },
      error: SENTENCE,
    });
  });

  it('a body exactly at the limit is taken (the body is one level, the policy the other 63)', async () => {
    const product = await buildProduct(t);
    const res = await t.call('PUT', `/api/products/${product.id}`, {
      body: { redeemPolicy: nested(MAX_JSON_DEPTH - 1) },
    });
    expect(res.statusCode, res.body).toBe(200);
    const one = await t.call('PUT', `/api/products/${product.id}`, { body: { redeemPolicy: nested(MAX_JSON_DEPTH) } });
    expect(one.statusCode).toBe(400);
    expect(one.json().messageCode).toBe('json_too_deep');
  });

  it('is a 400 on a public route, for arrays too, and for a million levels', async () => {
    for (const raw of ['['.repeat(100) + ']'.repeat(100), '['.repeat(1_000_000)]) {
      const res = await t.call('POST', '/api/checkout/session', {
        as: null,
        raw,
        headers: { 'content-type': 'application/json', 'idempotency-key': crypto.randomUUID() },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe(SENTENCE);
    }
  });

  it('brackets inside strings do not count', async () => {
    const product = await buildProduct(t);
    const res = await t.call('PUT', `/api/products/${product.id}`, {
      body: { redeemPolicy: { note: '[{'.repeat(500) + '\\"[[[' }, title: 'Bar [[{{' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().product.redeemPolicy.note).toBe('[{'.repeat(500) + '\\"[[[');
  });
});

describe('the depth check and isSafeJson', () => {
  it('jsonDepthOver counts only nesting, skipping strings and their escapes', () => {
    expect(jsonDepthOver('{"a":[1,{"b":2}]}', 3)).toBe(false);
    expect(jsonDepthOver('{"a":[1,{"b":2}]}', 2)).toBe(true);
    expect(jsonDepthOver('{"a":"[[[[{{{{\\"[[[["}', 1)).toBe(false);
    expect(jsonDepthOver('[[],[],[]]', 2)).toBe(false);
  });

  it('isSafeJson walks 100,000 levels without overflowing and still finds an unsafe string at the bottom', () => {
    let deep: unknown = 'fine';
    for (let i = 0; i < 100_000; i++) deep = { a: [deep] };
    expect(isSafeJson(deep)).toBe(true);
    let bad: unknown = 'nul\u0000';
    for (let i = 0; i < 100_000; i++) bad = { a: [bad] };
    expect(isSafeJson(bad)).toBe(false);
  });
});
