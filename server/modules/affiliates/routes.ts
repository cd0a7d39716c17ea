import { affiliateOne, affiliatePage } from '../../../src/common/affiliates.schemas.js';
import { commissionPage, ownCommissionQuery } from '../../../src/common/commissions.schemas.js';
import { idParams } from '../../../src/common/list.schemas.js';
import { affiliateListQuery } from '../../../src/common/referrals.schemas.js';
import { streamCsv } from '../../lib/csv.js';
import { keysetPages } from '../../lib/pages.js';
import { defineRoutes } from '../../lib/routes.js';
import { affiliateAccess as access } from './policy.js';
import { affiliateCsv } from './present.js';
import { affiliateCommissions, affiliateDetail, affiliateRows, listAffiliates } from './service.js';

export default defineRoutes('affiliates', (r, { db, settings }) => {
  r.get(
    '/api/affiliates',
    {
      config: access.read,
      schema: {
        querystring: affiliateListQuery,
        response: { 200: affiliatePage },
        summary: 'Users who referred someone or earned a commission',
      },
    },
    async (req) => ({ ok: true, ...(await listAffiliates(db, req.query)) }),
  );

  r.get(
    '/api/affiliates/export.csv',
    {
      config: access.read,
      schema: { querystring: affiliateListQuery, summary: 'The filtered, sorted list as CSV (every row, streamed)' },
    },
    (req, reply) =>
      streamCsv(reply, {
        name: 'affiliates',
        columns: affiliateCsv,
        pages: keysetPages((page) => affiliateRows(db, req.query, page)),
      }),
  );

  r.get(
    '/api/affiliates/:id',
    {
      config: access.read,
      schema: {
        params: idParams,
        response: { 200: affiliateOne },
        summary: 'An affiliate: their figures, clicks, commissions by status and the people they referred',
      },
    },
    async (req) => ({ ok: true, affiliate: await affiliateDetail(db, req.params.id) }),
  );

  r.get(
    '/api/affiliates/:id/commissions',
    {
      config: access.read,
      schema: {
        params: idParams,
        querystring: ownCommissionQuery,
        response: { 200: commissionPage },
        summary: 'An affiliate’s commissions',
      },
    },
    async (req) => ({
      ok: true,
      ...(await affiliateCommissions(db, req.params.id, req.query, (await settings.get()).commissionHoldDays)),
    }),
  );
});
