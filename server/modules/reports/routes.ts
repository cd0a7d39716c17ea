import { reportAnswer, reportKindParams, reportQuery } from '../../../src/common/reports.schemas.js';
import { streamCsv } from '../../lib/csv.js';
import { defineRoutes } from '../../lib/routes.js';
import { reportCsvColumns } from './present.js';
import { reportsAccess as access } from './policy.js';
import { buildReport } from './service.js';
import type { ReportKind } from '../../../src/common/reports.js';
import type { ReportQuery } from '../../../src/common/reports.schemas.js';

/** A custom range's days (the schema has required both). */
const daysOf = (q: ReportQuery) => (q.dateRange === 'custom' ? { from: q.from!, to: q.to! } : undefined);

export default defineRoutes('reports', (r, { db, settings }) => {
  const reportFor = async (kind: ReportKind, q: ReportQuery) => {
    const { timezone, currency } = await settings.get();
    return buildReport(db, kind, q.dateRange, { timezone, currency }, new Date(), daysOf(q));
  };

  r.get(
    '/api/reports/:type',
    {
      config: access.read,
      schema: {
        params: reportKindParams,
        querystring: reportQuery,
        response: { 200: reportAnswer },
        summary: 'A report’s totals, growth against the previous period and its series by day or month',
      },
    },
    async (req) => ({ ok: true, data: await reportFor(req.params.type, req.query) }),
  );

  r.get(
    '/api/reports/export/:type',
    {
      config: { ...access.read, sends: { types: ['text/csv'], description: 'The breakdown as CSV' } },
      schema: {
        params: reportKindParams,
        querystring: reportQuery,
        summary: 'A report’s breakdown by day or month as CSV',
      },
    },
    async (req, reply) => {
      const report = await reportFor(req.params.type, req.query);
      // One page: a report's breakdown is at most 90 days or 12 months.
      const pages = (async function* () {
        yield report.series;
      })();
      return streamCsv(reply, {
        name: `report-${report.kind}-${report.range}`,
        columns: reportCsvColumns(report),
        pages,
      });
    },
  );
});
