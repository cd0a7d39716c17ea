import { Readable } from 'node:stream';
import { stringify as stringifySync } from 'csv-stringify/sync';
import type { FastifyReply } from 'fastify';
import type { ResourceName } from '../../src/common/resources.js';

/**
 * A list as a CSV download (`GET /api/<resource>/export.csv`): the list's own rows, read batch after batch
 * (`keysetPages` in pages.ts) and streamed through csv-stringify, so memory stays flat and there is no row cap.
 * A resource gives its columns (`csvExport` of `csvColumns`, beside its present.ts) and its list's page query; nothing else.
 */

/**
 * How a cell is written: `money` a fiat amount as decimal text with 2 decimals ("12.30"), `decimal` a decimal
 * string as it is (crypto amounts), `date` ISO 8601, `number` and `bool` as text, `text` anything else, with
 * the formula guard below.
 */
export type CsvKind = 'text' | 'money' | 'decimal' | 'number' | 'bool' | 'date';

export type CsvColumn<R> = { header: string; kind: CsvKind; value: (row: R) => unknown };

/** A column per field of the API shape `R`, headed by the field's name (the same names as the JSON list). */
export function csvColumns<R>(fields: { [K in keyof R]?: CsvKind }): CsvColumn<R>[] {
  return (Object.entries(fields) as [keyof R & string, CsvKind][]).map(([field, kind]) => ({
    header: field,
    kind,
    value: (row: R) => row[field],
  }));
}

const EXPORTS = new Map<ResourceName, CsvColumn<never>[]>();

/**
 * A list's CSV columns, recorded under its resource's name (src/common/resources.ts) as its present.ts loads, so that
 * tests/api/csv-export.test.ts checks every list the registry says has an export.
 */
export function csvExport<R>(resource: ResourceName, columns: CsvColumn<R>[]): CsvColumn<R>[] {
  EXPORTS.set(resource, columns as CsvColumn<never>[]);
  return columns;
}

/** The columns each loaded module recorded with `csvExport`. */
export const csvExports = (): ReadonlyMap<ResourceName, CsvColumn<never>[]> => EXPORTS;

/** A computed column (a nested field, a count), for what is not a field of its own. */
export const csvColumn = <R>(header: string, kind: CsvKind, value: (row: R) => unknown): CsvColumn<R> => ({
  header,
  kind,
  value,
});

/**
 * Cells a spreadsheet would run as a formula start with one of these (OWASP, CSV injection): such a text cell gets a
 * leading apostrophe, which spreadsheets show as text and do not evaluate. Amounts, numbers and dates are written by
 * us and never start with them (a negative amount stays a number).
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/** 12.3 or "12.3" → "12.30": the decimal text of a fiat amount, padded to cents without floating-point arithmetic. */
export function moneyText(value: number | string): string {
  let text = typeof value === 'number' ? String(value) : value.trim();
  if (/e/i.test(text)) text = Number(text).toFixed(2);
  const m = /^(-?)(\d+)(?:\.(\d*))?$/.exec(text);
  if (!m) return text;
  const frac = (m[3] ?? '').padEnd(2, '0');
  return `${m[1]}${m[2]}.${frac}`;
}

/** One cell's text (csv-stringify then quotes it when it holds a comma, a quote or a line break). */
export const csvCell = (kind: CsvKind, value: unknown): string =>
  value === null || value === undefined || value === '' ? '' : CELL[kind](value);

/** Each kind's writer of a present value, chosen once per column rather than per cell. */
const CELL: Record<CsvKind, (value: unknown) => string> = {
  money: (value) => (typeof value === 'number' || typeof value === 'string' ? moneyText(value) : ''),
  decimal: String,
  number: String,
  bool: (value) => (value ? 'true' : 'false'),
  date: (value) => {
    if (typeof value === 'string' && ISO_UTC.test(value)) return value;
    const d = value instanceof Date ? value : new Date(String(value));
    return Number.isNaN(d.getTime()) ? textCell(String(value)) : d.toISOString();
  },
  text: (value) => textCell(typeof value === 'object' ? JSON.stringify(value) : String(value)),
};

/** What present.ts makes of a date (toISOString): written as it is, without parsing it again. */
const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

const textCell = (text: string) => (FORMULA_START.test(text) ? `'${text}` : text);

/** `orders` → `orders-2026-11-24.csv`. */
export const csvFileName = (name: string, now = new Date()) => `${name}-${now.toISOString().slice(0, 10)}.csv`;

/**
 * How csv-stringify writes: CRLF between records (RFC 4180), and a cell holding any line break quoted (by default it
 * quotes only the record delimiter, so a bare LF would split a record in a spreadsheet).
 */
export const CSV_OPTIONS = { record_delimiter: 'windows', quoted_match: /[\r\n]/ } as const;

/** A column's cell writer for whole rows: its value read and written by its kind, with no per-cell choice left. */
function cellWriter<R>(c: CsvColumn<R>): (row: R) => string {
  const write = CELL[c.kind];
  return (row) => {
    const value = c.value(row);
    return value === null || value === undefined || value === '' ? '' : write(value);
  };
}

/**
 * Each batch of rows as one piece of CSV text (csv-stringify's synchronous writer, header and byte-order mark on the
 * first): one chunk per batch rather than a stream event per row, which was most of the export's cost at a million
 * rows. Every record ends with its delimiter, so the pieces join into the same text a single stringifier writes.
 */
export async function* csvText<R>(pages: AsyncIterable<R[]>, columns: CsvColumn<R>[]): AsyncGenerator<string> {
  const writers = columns.map(cellWriter);
  const header = columns.map((c) => c.header);
  let first = true;
  for await (const rows of pages) {
    const records = rows.map((row) => writers.map((w) => w(row)));
    yield stringifySync(records, { ...CSV_OPTIONS, header: first, columns: header, bom: first });
    first = false;
  }
  // An empty list is its header alone.
  if (first) yield stringifySync([], { ...CSV_OPTIONS, header: true, columns: header, bom: true });
}

/**
 * Sends `pages` as a CSV attachment: a header row, then a record per row, UTF-8 with a byte-order mark (so that
 * spreadsheets read names in any script). The rows are read as the client takes them (back-pressure), and a client
 * that goes away stops the reading.
 */
export function streamCsv<R>(
  reply: FastifyReply,
  opts: { name: string; columns: CsvColumn<R>[]; pages: AsyncIterable<R[]> },
) {
  const out = Readable.from(csvText(opts.pages, opts.columns), { objectMode: false });
  out.on('error', (err: NodeJS.ErrnoException) => {
    if (err.code !== 'ERR_STREAM_PREMATURE_CLOSE') reply.log.error({ err }, `the ${opts.name} export stopped`);
  });
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${csvFileName(opts.name)}"`)
    .header('cache-control', 'no-store')
    .send(out);
}
