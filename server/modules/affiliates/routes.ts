import { ownCommissionQuery } from '../../../src/common/commissions.schemas.js';
import { idParams } from '../../../src/common/list.schemas.js';
import { referralListQuery } from '../../../src/common/referrals.schemas.js';
import { resourceAccess } from '../../lib/access.js';
import { defineRoutes } from '../../lib/routes.js';
import { affiliateCommissions, listAffiliates } from './service.js';

const access = resourceAccess('affiliates');

export default defineRoutes('affiliates', (r, { db, settings }) => {
  r.get('/api/affiliates', { config: access.read, schema: { querystring: referralListQuery, summary: 'Users who referred someone or earned a commission' } }, async (req) =>
    ({ ok: true, ...(await listAffiliates(db, req.query)) }));

  r.get('/api/affiliates/:id/commissions', { config: access.read, schema: { params: idParams, querystring: ownCommissionQuery, summary: 'An affiliate’s commissions' } }, async (req) =>
    ({ ok: true, ...(await affiliateCommissions(db, req.params.id, req.query, (await settings.get()).commissionHoldDays)) }));
});
