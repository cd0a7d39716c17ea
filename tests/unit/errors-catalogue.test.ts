// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import adminEn from '../../src/admin/i18n/en';
import adminZh from '../../src/admin/i18n/zh';
import {
  ERROR_MESSAGES,
  errorSentence,
  fillMessage,
  term,
  withTerms,
  type ErrorCode,
} from '../../src/common/errors-catalogue';
import { ERROR_MESSAGES_ZH, ERROR_TERMS_ZH } from '../../src/common/errors-catalogue.zh';
import { MESSAGES } from '../../src/common/messages';
import { PAYMENT_RATE_LIMIT_SENTENCE } from '../../src/common/payments';
import { errorFromResponse, serverSentence, setErrorTranslator } from '../../src/lib/api';
import { errorTranslatorFor, loadChineseErrors } from '../../src/shop/i18n';
import { AppError, conflict, invalidField, notFound, say, sentenceOf } from '../../server/lib/errors';
import { validationError } from '../../server/lib/validation';

const codes = Object.keys(ERROR_MESSAGES) as ErrorCode[];
const placeholders = (t: string) => [...t.matchAll(/%\{(\w+)\}/g)].map((m) => m[1]!).sort();
const CHINESE = /[\u4e00-\u9fff]/;

describe('the error catalogue', () => {
  it('has a Chinese sentence for every message code, in Chinese, using only the params the English has', () => {
    expect(Object.keys(ERROR_MESSAGES_ZH).sort()).toEqual([...codes].sort());
    for (const code of codes) {
      const zh = ERROR_MESSAGES_ZH[code];
      if (zh !== '%{reason}') expect(zh, code).toMatch(CHINESE);
      const extra = placeholders(zh).filter((p) => !placeholders(ERROR_MESSAGES[code]).includes(p));
      expect(extra, code).toEqual([]);
    }
  });

  it('is what both apps translate from (the shop loads the Chinese sentences when Chinese is shown)', async () => {
    expect(adminEn.errors).toBe(ERROR_MESSAGES);
    expect(adminZh.errors).toBe(ERROR_MESSAGES_ZH);
    expect(errorTranslatorFor('zh')('invalid_credentials')).toBeUndefined();
    await loadChineseErrors();
    expect(errorTranslatorFor('zh')('invalid_credentials')).toBe(ERROR_MESSAGES_ZH.invalid_credentials);
    expect(errorTranslatorFor('en')('invalid_credentials')).toBeUndefined();
  });

  it('answers rate limits and missing logins with the transport’s own sentences', () => {
    expect(ERROR_MESSAGES.rate_limited).toBe(MESSAGES.tooMany);
    expect(ERROR_MESSAGES.unauthorized).toBe(MESSAGES.unauthorized);
    expect(ERROR_MESSAGES.payment_rate_limited).toBe(PAYMENT_RATE_LIMIT_SENTENCE);
  });

  it('fills placeholders and leaves unknown ones as written', () => {
    expect(fillMessage('Only %{stock} of "%{title}" left, %{x}', { stock: 2, title: 'Gold' })).toBe(
      'Only 2 of "Gold" left, %{x}',
    );
  });
});

describe('server errors', () => {
  it('build their sentence from the catalogue and carry its code and params', () => {
    const err = conflict('insufficient_stock', { stock: 2, title: 'Gold' });
    expect(err).toMatchObject({
      status: 409,
      code: 'insufficient_stock',
      messageCode: 'insufficient_stock',
      params: { stock: 2, title: 'Gold' },
      message: 'Only 2 of "Gold" left in stock.',
    });
    expect(notFound('order_not_found')).toMatchObject({
      code: 'not_found',
      messageCode: 'order_not_found',
      message: 'Order not found.',
    });
  });

  it('carry the code and params of what a rule said, and make its sentence from the catalogue', () => {
    const said = say('illegal_transition', { from: 'paid', to: 'pending' });
    expect(said).toEqual({ messageCode: 'illegal_transition', params: { from: 'paid', to: 'pending' } });
    expect(sentenceOf(said)).toBe('An order that is paid cannot become pending.');
    expect(conflict(said, undefined, 'illegal_transition')).toMatchObject({
      code: 'illegal_transition',
      messageCode: 'illegal_transition',
      params: { from: 'paid', to: 'pending' },
      message: 'An order that is paid cannot become pending.',
    });
    const field = invalidField('endDate', say('coupon_end_before_start'));
    expect(field).toMatchObject({
      status: 400,
      code: 'validation',
      message: 'Invalid field "endDate": End date must be after the start date.',
      messageCode: 'coupon_end_before_start',
      fieldMessages: { endDate: { messageCode: 'coupon_end_before_start' } },
    });
    expect(new AppError(409, 'sku_taken', { value: 'A1' }, { sku: 'sku_used_by_other' })).toMatchObject({
      fields: { sku: 'This SKU is already used by another product.' },
      fieldMessages: { sku: { messageCode: 'sku_used_by_other' } },
    });
  });

  it('keep the code and params of every refusal, however many were said before it is thrown', () => {
    const refusals = Array.from({ length: 6000 }, (_, i) =>
      say('insufficient_stock', { stock: i, title: `Item ${i}` }),
    );
    for (const i of [0, 5999]) {
      expect(conflict(refusals[i]!, undefined, 'insufficient_stock')).toMatchObject({
        messageCode: 'insufficient_stock',
        params: { stock: i, title: `Item ${i}` },
        message: `Only ${i} of "Item ${i}" left in stock.`,
      });
    }
  });

  it('tell each schema problem by its kind, with the field as a param', () => {
    const err = validationError(
      [
        {
          field: 'title',
          kind: 'too_big',
          message: 'Title can be at most 200 characters.',
          details: { origin: 'string', maximum: 200 },
          value: 'x'.repeat(201),
        },
        {
          field: 'sku',
          kind: 'too_small',
          message: 'SKU is required.',
          details: { origin: 'string', minimum: 1 },
          value: '',
        },
        {
          field: 'status',
          kind: 'invalid_value',
          message: 'Status must be one of a, b.',
          details: { values: ['a', 'b'] },
          value: 'c',
        },
        {
          field: 'email',
          kind: 'invalid_format',
          message: 'Email must be a valid email address.',
          details: { format: 'email' },
          value: 'no',
        },
        {
          field: 'stock',
          kind: 'invalid_type',
          message: 'Stock must be a whole number ≥ 0.',
          details: { expected: 'int' },
          value: 1.5,
        },
        {
          field: 'price',
          kind: 'invalid_type',
          message: 'Price is required.',
          details: { expected: 'number' },
          value: undefined,
        },
      ],
      'field',
    );
    expect(err).toMatchObject({
      status: 400,
      code: 'validation',
      message: 'Invalid field "title": Title can be at most 200 characters.',
      messageCode: 'field_too_long',
      params: { field: 'title', max: 200 },
    });
    expect(Object.fromEntries(Object.entries(err.fieldMessages!).map(([f, m]) => [f, m.messageCode]))).toEqual({
      title: 'field_too_long',
      sku: 'field_required',
      status: 'field_not_one_of',
      email: 'field_invalid_email',
      stock: 'field_not_integer',
      price: 'field_required',
    });
    expect(err.fields).toMatchObject({ sku: 'SKU is required.' });
  });
});

describe('the browser transport', () => {
  beforeAll(loadChineseErrors);
  afterEach(() => setErrorTranslator(() => undefined));
  const body = {
    ok: false,
    error: 'Invalid field "title": Title can be at most 200 characters.',
    code: 'validation',
    messageCode: 'field_too_long',
    params: { field: 'title', max: 200 },
    fields: { title: 'Title can be at most 200 characters.', sku: 'No such thing.' },
    fieldMessages: {
      title: { messageCode: 'field_too_long', params: { field: 'title', max: 200 } },
      sku: { messageCode: 'not_a_code' },
    },
  };

  it('keeps the server\u2019s English when the language is English', () => {
    setErrorTranslator(errorTranslatorFor('en'));
    expect(errorFromResponse(400, body)).toMatchObject({
      message: body.error,
      code: 'validation',
      fields: body.fields,
    });
  });

  it('translates the code, the params and each field in Chinese, and keeps the English of a code it does not know', () => {
    setErrorTranslator(errorTranslatorFor('zh'));
    const err = errorFromResponse(400, body);
    expect(err.message).toBe('“title”最多 200 个字符。');
    expect(err.fields).toEqual({ title: '“title”最多 200 个字符。', sku: 'No such thing.' });
    expect(errorFromResponse(409, { error: 'Something new.', code: 'x', messageCode: 'x' }).message).toBe(
      'Something new.',
    );
    expect(errorFromResponse(429, { error: 'whatever', code: 'rate_limited' }).message).toBe(
      ERROR_MESSAGES_ZH.rate_limited,
    );
    expect(
      serverSentence({
        error: errorSentence('invalid_credentials'),
        code: 'invalid_credentials',
        messageCode: 'invalid_credentials',
      }),
    ).toBe('邮箱或密码不正确。');
  });

  it('names the request of a server failure (5xx) so that a report can quote it, in each language; a refusal stays as it is', () => {
    const failed = {
      error: 'Something went wrong on the server. Please try again.',
      code: 'internal',
      requestId: 'r-42',
    };
    setErrorTranslator(errorTranslatorFor('en'));
    expect(errorFromResponse(500, failed)).toMatchObject({
      message: 'Something went wrong on the server. Please try again. Reference: r-42',
      requestId: 'r-42',
    });
    expect(errorFromResponse(400, { ...body, requestId: 'r-43' })).toMatchObject({
      message: body.error,
      requestId: 'r-43',
    });
    setErrorTranslator(errorTranslatorFor('zh'));
    expect(errorFromResponse(500, { ...failed, messageCode: 'internal' }).message).toBe(
      `${ERROR_MESSAGES_ZH.internal} 参考编号：r-42`,
    );
  });

  it('says a term named through a param (@term) in each language: the server’s English, the Chinese catalogue’s own', () => {
    const params = { label: term('dns_mx_host') };
    const english = errorSentence('dns_name_not_qualified', params);
    expect(english).toBe('MX host must be a fully qualified host name such as mail.example.com.');
    setErrorTranslator(errorTranslatorFor('zh'));
    const chinese = serverSentence({
      error: english,
      code: 'validation',
      messageCode: 'dns_name_not_qualified',
      params,
    });
    expect(chinese).toContain(ERROR_TERMS_ZH.dns_mx_host);
    expect(chinese).not.toMatch(/MX host|@dns/);
    // Any other value is left as it is, even one that starts with "@" but names no term.
    expect(withTerms({ a: '@nobody', b: 3 }, ERROR_TERMS_ZH)).toEqual({ a: '@nobody', b: 3 });
  });
});
