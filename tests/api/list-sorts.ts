/** Checks shared by the lists' sort tests: a sort read both ways, its CSV export in the same order, an unknown sort refused. */
import { parse } from 'csv-parse/sync';
import { expect } from 'vitest';
import type { TestApp } from './harness.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- rows of any list
type Row = Record<string, any>;

export type SortCheck = {
  /** The list, e.g. `/api/affiliates`; its CSV export is `${path}/export.csv`. */
  path: string;
  /** The answer's field holding the rows. */
  field: string;
  sort: string;
  /** The value the rows are ordered by; strings are compared as JavaScript compares them, so tests give values any collation orders alike. */
  value: (row: Row) => string | number;
  /** Filters narrowing the list to the test's own rows (`a=1&b=2`). */
  query?: string;
  token?: string;
  /** The list has a CSV export that must follow the sort (default true). */
  csv?: boolean;
};

const url = (c: SortCheck, more: string) => `${c.path}?${[c.query, more].filter(Boolean).join('&')}`;

async function rows(t: TestApp, c: SortCheck, order: 'asc' | 'desc'): Promise<Row[]> {
  const res = await t.call('GET', url(c, `sort=${c.sort}&order=${order}&limit=200`), { token: c.token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json()[c.field] as Row[];
}

const ascending = (a: string | number, b: string | number) => (a < b ? -1 : a > b ? 1 : 0);

/** The list sorted by `sort` ascending and descending really is in that order (over at least two values), and so is its CSV. */
export async function expectSorted(t: TestApp, c: SortCheck) {
  for (const order of ['asc', 'desc'] as const) {
    const list = await rows(t, c, order);
    const values = list.map(c.value);
    expect(new Set(values).size, `${c.path} sort=${c.sort}: the test needs rows with different values`).toBeGreaterThan(
      1,
    );
    const expected = [...values].sort(ascending);
    expect(values, `${c.path} sort=${c.sort}&order=${order}`).toEqual(order === 'asc' ? expected : expected.reverse());
    if (c.csv === false) continue;
    const res = await t.call('GET', url({ ...c, path: `${c.path}/export.csv` }, `sort=${c.sort}&order=${order}`), {
      token: c.token,
    });
    expect(res.statusCode, res.body).toBe(200);
    const [, ...records] = parse(res.body, { bom: true }) as string[][];
    expect(
      records.map((r) => r[0]),
      `${c.path}/export.csv sort=${c.sort}&order=${order}`,
    ).toEqual(list.map((r) => String(r.id)));
  }
}

/** An unknown sort name is a 400 that names the sorts there are, for the list and its CSV export alike. */
export async function expectUnknownSortRefused(t: TestApp, c: Omit<SortCheck, 'sort' | 'value'>) {
  const paths = c.csv === false ? [c.path] : [c.path, `${c.path}/export.csv`];
  for (const path of paths) {
    const res = await t.call('GET', url({ ...c, path } as SortCheck, 'sort=password&order=asc'), { token: c.token });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error).toMatch(/^Invalid query parameter "sort": sort must be one of createdAt(, \w+)*\.$/);
  }
}
