import { Readable } from 'node:stream';
import { reportKindParams, reportQuery } from '../../../src/common/reports.schemas.js';
import { defineRoutes } from '../../lib/routes.js';
import { reportCsvLines, reportFileName } from './csv.js';
import { reportsAccess as access } from './policy.js';
import { buildReport } from './service.js';

export default defineRoutes('reports', (r, { db, settings }) => {
  r.get('/api/reports/:type', {
    config: access.read,
    schema: { params: reportKindParams, querystring: reportQuery, summary: 'A report’s totals, growth against the previous period and its series by day or month' },
  }, async (req) => {
    const { timezone, currency } = await settings.get();
    return { ok: true, data: await buildReport(db, req.params.type, req.query.dateRange, { timezone, currency }) };
  });

  r.get('/api/reports/export/:type', {
    config: access.read,
    schema: { params: reportKindParams, querystring: reportQuery, summary: 'A report’s breakdown by day or month as CSV' },
  }, async (req, reply) => {
    const { timezone, currency } = await settings.get();
    const now = new Date();
    const report = await buildReport(db, req.params.type, req.query.dateRange, { timezone, currency }, now);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${reportFileName(report, now)}"`)
      .header('cache-control', 'no-store')
      .send(Readable.from(reportCsvLines(report)));
  });
});
