import { fromCents } from '../../../src/common/money.js';
import type { {{OnePascal}}, {{OnePascal}}Status } from '../../../src/common/{{kebab}}.js';
import type { {{camel}} } from '../../db/schema.js';
import { csvColumns, csvExport } from '../../lib/csv.js';

/** A {{oneLabel}} row as the API answers it. */
export function present{{OnePascal}}(row: typeof {{camel}}.$inferSelect): {{OnePascal}} {
  return {
    id: row.id,
    name: row.name,
    price: fromCents(row.priceCents),
    status: row.status as {{OnePascal}}Status,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The list's CSV (GET /api/{{kebab}}/export.csv): its columns, named as the JSON list's fields. */
export const {{oneCamel}}Csv = csvExport(
  '{{kebab}}',
  csvColumns<{{OnePascal}}>({ id: 'text', name: 'text', price: 'money', status: 'text', createdAt: 'date', updatedAt: 'date' }),
);
