import { describe, expect, it } from 'vitest';
import { isSafeJson, isSafeText, optionalText, searchText, text } from '../../src/common/text.js';

const messages = (
  schema: { safeParse(v: unknown): { success: boolean; error?: { issues: { message: string }[] } } },
  value: unknown,
) => schema.safeParse(value).error?.issues.map((i) => i.message) ?? [];

describe('the safe text type', () => {
  it.each([
    ['plain', true],
    ['', true],
    ['emoji 😀 (a surrogate pair)', true],
    ['中文', true],
    ['a\u0000b', false],
    ['a\ud800', false],
    ['\udc00a', false],
    ['\ud800\ud800\udc00', false],
  ])('%j is safe: %s', (value, safe) => {
    expect(isSafeText(value)).toBe(safe);
  });

  it('trims, bounds and names the field in every sentence', () => {
    const title = text('Title', { max: 5 });
    expect(title.parse('  ab  ')).toBe('ab');
    expect(messages(title, '')).toEqual(['Title is required.']);
    expect(messages(title, undefined)).toEqual(['Title is required.']);
    expect(messages(title, 'abcdef')).toEqual(['Title can be at most 5 characters.']);
    expect(messages(title, 'a\u0000')).toEqual(['Title cannot contain a NUL character or an unpaired surrogate.']);
    expect(messages(title, '\ud800')).toEqual(['Title cannot contain a NUL character or an unpaired surrogate.']);
  });

  it('keeps white space when told, and uses a field’s own too-long sentence', () => {
    expect(text('Password', { max: 10, trim: false }).parse(' pw ')).toBe(' pw ');
    expect(messages(text('Wallet', { max: 3, tooLong: 'Not a valid EVM address.' }), 'abcd')).toEqual([
      'Not a valid EVM address.',
    ]);
  });

  it('reads absent, null and blank optional text as null', () => {
    const coupon = optionalText('Coupon code', 8);
    expect([undefined, null, '', '   '].map((v) => coupon.parse(v))).toEqual([null, null, null, null]);
    expect(coupon.parse(' SAVE ')).toBe('SAVE');
    expect(messages(coupon, 5)).toEqual(['Coupon code must be text.']);
    expect(messages(coupon, 'x\u0000')).toEqual([
      'Coupon code cannot contain a NUL character or an unpaired surrogate.',
    ]);
  });

  it('refuses unsafe search text', () => {
    expect(searchText.parse(undefined)).toBeUndefined();
    expect(messages(searchText, '%\u0000')).toEqual([
      'Search text cannot contain a NUL character or an unpaired surrogate.',
    ]);
  });

  it('checks JSON keys and values at any depth', () => {
    expect(isSafeJson({ a: [1, 'x', { b: null }] })).toBe(true);
    expect(isSafeJson({ a: [{ b: 'x\u0000' }] })).toBe(false);
    expect(isSafeJson({ ['k\ud800']: 1 })).toBe(false);
  });
});
