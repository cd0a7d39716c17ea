import { Readable, pipeline } from 'node:stream';
import { stringify } from 'csv-stringify';
import type { FastifyReply } from 'fastify';

/**
 * A list as a CSV download (`GET /api/<resource>/export.csv`): the list's own rows, read batch after batch
 * (`keysetPages` in pages.ts) and streamed through csv-stringify, so memory stays flat and there is no row cap.
 * A resource gives its columns (`csvColumns`, beside its present.ts) and its list's page query; nothing else.
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
  return (Object.entries(fields) as [keyof R & string, CsvKind][]).map(([field, kind]) => ({ header: field, kind, value: (row: R) => row[field] }));
}

/** A computed column (a nested field, a count), for what is not a field of its own. */
export const csvColumn = <R>(header: string, kind: CsvKind, value: (row: R) => unknown): CsvColumn<R> => ({ header, kind, value });

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
export function csvCell(kind: CsvKind, value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  switch (kind) {
    case 'money':
      return typeof value === 'number' || typeof value === 'string' ? moneyText(value) : '';
    case 'decimal':
    case 'number':
      return String(value);
    case 'bool':
      return value ? 'true' : 'false';
    case 'date': {
      if (typeof value === 'string' && ISO_UTC.test(value)) return value;
      const d = value instanceof Date ? value : new Date(String(value));
      return Number.isNaN(d.getTime()) ? textCell(String(value)) : d.toISOString();
    }
    default:
      return textCell(typeof value === 'object' ? JSON.stringify(value) : String(value));
  }
}

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

async function* records<R>(pages: AsyncIterable<R[]>, columns: CsvColumn<R>[]): AsyncGenerator<string[]> {
  for await (const rows of pages) {
    for (const row of rows) yield columns.map((c) => csvCell(c.kind, c.value(row)));
  }
}

/**
 * Sends `pages` as a CSV attachment: a header row, then a record per row, UTF-8 with a byte-order mark (so that
 * spreadsheets read names in any script). The rows are read as the client takes them (back-pressure), and a client
 * that goes away stops the reading.
 */
export function streamCsv<R>(reply: FastifyReply, opts: { name: string; columns: CsvColumn<R>[]; pages: AsyncIterable<R[]> }) {
  const out = pipeline(
    Readable.from(records(opts.pages, opts.columns)),
    stringify({ ...CSV_OPTIONS, header: true, columns: opts.columns.map((c) => c.header), bom: true }),
    (err) => {
      if (err && err.code !== 'ERR_STREAM_PREMATURE_CLOSE') reply.log.error({ err }, `the ${opts.name} export stopped`);
    },
  );
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${csvFileName(opts.name)}"`)
    .header('cache-control', 'no-store')
    .send(out);
}
