import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { describe, expect, it } from 'vitest';
import { CSV_OPTIONS, csvCell, csvColumns, csvFileName, moneyText } from '../../server/lib/csv.js';

describe('CSV cells (server/lib/csv.ts)', () => {
  it('writes amounts as decimal text with 2 decimals, without floating point', () => {
    expect(moneyText(12.3)).toBe('12.30');
    expect(moneyText(0)).toBe('0.00');
    expect(moneyText(1234567.89)).toBe('1234567.89');
    expect(moneyText('5')).toBe('5.00');
    expect(moneyText(-4.5)).toBe('-4.50');
    expect(csvCell('money', 0.1)).toBe('0.10');
    expect(csvCell('money', null)).toBe('');
  });

  it('writes dates in ISO 8601, booleans and numbers as text, objects as JSON', () => {
    expect(csvCell('date', new Date(Date.UTC(2026, 0, 2, 3, 4, 5, 6)))).toBe('2026-01-02T03:04:05.006Z');
    expect(csvCell('date', '2026-01-02T03:04:05.006Z')).toBe('2026-01-02T03:04:05.006Z');
    expect(csvCell('bool', true)).toBe('true');
    expect(csvCell('bool', false)).toBe('false');
    expect(csvCell('number', 0)).toBe('0');
    expect(csvCell('decimal', '0.50000000')).toBe('0.50000000');
    expect(csvCell('text', { a: 1 })).toBe('{"a":1}');
    expect(csvCell('text', undefined)).toBe('');
  });

  it.each(['=1+1', '+1', '-2', '@SUM(A1)', '\tx', '\rx', '=HYPERLINK("http://evil.test")'])('a text cell starting a formula (%j) gets an apostrophe', (text) => {
    expect(csvCell('text', text)).toBe(`'${text}`);
  });

  it('leaves ordinary text, and amounts and numbers that are negative, as they are', () => {
    expect(csvCell('text', 'a=b')).toBe('a=b');
    expect(csvCell('text', 'ann@example.com')).toBe('ann@example.com');
    expect(csvCell('money', -3)).toBe('-3.00');
    expect(csvCell('number', -3)).toBe('-3');
  });

  it('commas, quotes and line breaks round-trip through csv-stringify and a CSV reader', () => {
    const cells = ['a, b', 'say "hi"', 'line\nbreak', 'crlf\r\nend', '=cmd|"/c calc"!A0'].map((v) => csvCell('text', v));
    const text = stringify([cells], CSV_OPTIONS);
    expect(text.startsWith('"a, b","say ""hi""","line\nbreak"')).toBe(true);
    expect(parse(text)).toEqual([['a, b', 'say "hi"', 'line\nbreak', 'crlf\r\nend', '\'=cmd|"/c calc"!A0']]);
  });

  it('columns are headed by their field names; file names carry the date', () => {
    const columns = csvColumns<{ id: string; amount: number }>({ id: 'text', amount: 'money' });
    expect(columns.map((c) => c.header)).toEqual(['id', 'amount']);
    expect(columns[1]!.value({ id: 'x', amount: 2 })).toBe(2);
    expect(csvFileName('orders', new Date('2026-11-24T10:00:00Z'))).toBe('orders-2026-11-24.csv');
  });
});
