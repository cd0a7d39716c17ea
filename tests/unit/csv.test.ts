import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { describe, expect, it } from 'vitest';
import { CSV_OPTIONS, csvCell, csvColumn, csvColumns, csvFileName, csvText, moneyText } from '../../server/lib/csv.js';
import { csvRecordCounter } from '../../src/lib/api';

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

  it.each(['=1+1', '+1', '-2', '@SUM(A1)', '\tx', '\rx', '=HYPERLINK("http://evil.test")'])(
    'a text cell starting a formula (%j) gets an apostrophe',
    (text) => {
      expect(csvCell('text', text)).toBe(`'${text}`);
    },
  );

  it('leaves ordinary text, and amounts and numbers that are negative, as they are', () => {
    expect(csvCell('text', 'a=b')).toBe('a=b');
    expect(csvCell('text', 'ann@example.com')).toBe('ann@example.com');
    expect(csvCell('money', -3)).toBe('-3.00');
    expect(csvCell('number', -3)).toBe('-3');
  });

  it('commas, quotes and line breaks round-trip through csv-stringify and a CSV reader', () => {
    const cells = ['a, b', 'say "hi"', 'line\nbreak', 'crlf\r\nend', '=cmd|"/c calc"!A0'].map((v) =>
      csvCell('text', v),
    );
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

type Row = { id: string; title: string | null; amount: number; at: string };
const COLUMNS = [
  ...csvColumns<Row>({ id: 'text', title: 'text', amount: 'money' }),
  csvColumn<Row>('at', 'date', (r) => r.at),
];

async function text(pages: Row[][]) {
  let out = '';
  for await (const piece of csvText(
    (async function* () {
      yield* pages;
    })(),
    COLUMNS,
  ))
    out += piece;
  return out;
}

describe('CSV written a batch at a time (csvText)', () => {
  const rows: Row[] = [
    { id: 'a', title: '=1+1', amount: 12.3, at: '2026-01-02T03:04:05.006Z' },
    { id: 'b', title: 'comma, "quote"\nline', amount: 0, at: '2026-01-02T03:04:05.006Z' },
    { id: 'c', title: null, amount: -4.5, at: '2026-01-02T03:04:05.006Z' },
  ];
  const whole = stringify(
    rows.map((r) => COLUMNS.map((c) => csvCell(c.kind, c.value(r)))),
    { ...CSV_OPTIONS, header: true, columns: COLUMNS.map((c) => c.header), bom: true },
  );

  it('gives the bytes one stringifier gives for all the rows, however they are batched', async () => {
    expect(await text([rows])).toBe(whole);
    expect(await text([[rows[0]!], [rows[1]!, rows[2]!]])).toBe(whole);
    expect(await text([[rows[0]!], [rows[1]!], [rows[2]!]])).toBe(whole);
    expect(whole.startsWith('\uFEFFid,title,amount,at\r\n')).toBe(true);
    expect(parse(whole, { bom: true })[2]).toEqual(['b', 'comma, "quote"\nline', '0.00', '2026-01-02T03:04:05.006Z']);
  });

  it('an empty list is its header alone', async () => {
    expect(await text([])).toBe('\uFEFFid,title,amount,at\r\n');
  });
});

describe("counting a CSV download's records as it arrives (csvRecordCounter)", () => {
  const bytes = (s: string) => new TextEncoder().encode(s);
  it('counts line feeds outside quoted cells, the header not counted, across chunk boundaries', () => {
    const count = csvRecordCounter();
    expect(count(bytes('id,title\r\n'))).toBe(0);
    expect(count(bytes('1,"two\r\nlines, and ""quotes'))).toBe(0);
    expect(count(bytes('"""\r\n2,plain\r'))).toBe(1);
    expect(count(bytes('\n'))).toBe(2);
  });
});
