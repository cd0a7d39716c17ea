import {
  agentLevelBody,
  agentLevelList,
  agentLevelOne,
  agentLevelParams,
  bulkDecisionBody,
  commissionBulkAnswer,
  commissionListQuery,
  commissionOne,
  commissionPage,
  commissionStatsAnswer,
  costStatsAnswer,
  costStatsQuery,
  ownCommissionQuery,
  rejectCommissionBody,
} from '../../../src/common/commissions.schemas.js';
import { idParams } from '../../../src/common/list.schemas.js';
import { allow } from '../../lib/access.js';
import { streamCsv } from '../../lib/csv.js';
import { keysetPages } from '../../lib/pages.js';
import { defineRoutes } from '../../lib/routes.js';
import { commissionAccess as access } from './policy.js';
import { commissionCsv } from './present.js';
import {
  commissionRows,
  commissionStats,
  costStats,
  decideCommission,
  decideMany,
  listCommissions,
  listLevels,
  setLevelRate,
} from './service.js';

const YEAR_MS = 365 * 86_400_000;

export default defineRoutes('commissions', (r, { db, settings }) => {
  const hold = async () => (await settings.get()).commissionHoldDays;

  r.get(
    '/api/agent-levels',
    {
      config: access.read,
      schema: { response: { 200: agentLevelList }, summary: 'The commission rate of each referral level' },
    },
    async () => ({ ok: true, levels: await listLevels(db) }),
  );

  r.put(
    '/api/agent-levels/:id',
    {
      config: access.write,
      schema: {
        params: agentLevelParams,
        body: agentLevelBody,
        response: { 200: agentLevelOne },
        summary: 'Set a level’s rate (a fraction 0–1); later orders earn at it',
      },
    },
    async (req) => ({ ok: true, level: await setLevelRate(db, req.params.id, req.body.commissionrate, req.user) }),
  );

  r.get(
    '/api/commissions',
    {
      config: access.read,
      schema: {
        querystring: commissionListQuery,
        response: { 200: commissionPage },
        summary: 'Commissions with the count and amount of the filter',
      },
    },
    async (req) => ({ ok: true, ...(await listCommissions(db, req.query, await hold())) }),
  );

  r.get(
    '/api/commissions/export.csv',
    {
      config: access.read,
      schema: { querystring: commissionListQuery, summary: 'The filtered, sorted list as CSV (every row, streamed)' },
    },
    async (req, reply) => {
      const holdDays = await hold();
      return streamCsv(reply, {
        name: 'commissions',
        columns: commissionCsv,
        pages: keysetPages((page) => commissionRows(db, req.query, holdDays, page)),
      });
    },
  );

  r.get(
    '/api/commissions/stats',
    {
      config: access.read,
      schema: { response: { 200: commissionStatsAnswer }, summary: 'Count and amount of commissions in each status' },
    },
    async () => ({ ok: true, stats: await commissionStats(db) }),
  );

  r.get(
    '/api/commissions/cost-stats',
    {
      config: access.read,
      schema: {
        querystring: costStatsQuery,
        response: { 200: costStatsAnswer },
        summary: 'What commissions cost against revenue in a window (default the last 365 days)',
      },
    },
    async (req) => {
      const to = req.query.endDate ?? new Date();
      const stats = await costStats(db, req.query.startDate ?? new Date(to.getTime() - YEAR_MS), to);
      return { ok: true, stats, costStats: stats };
    },
  );

  r.post(
    '/api/referrals/commissions/:id/approve',
    {
      config: { ...access.write, refuses: [409] },
      schema: {
        params: idParams,
        response: { 200: commissionOne },
        summary: 'Approve a pending commission once its hold is over',
      },
    },
    async (req) => ({
      ok: true,
      commission: await decideCommission(db, req.params.id, 'approved', req.user, await hold()),
    }),
  );

  r.post(
    '/api/referrals/commissions/:id/reject',
    {
      config: { ...access.write, refuses: [409] },
      schema: {
        params: idParams,
        body: rejectCommissionBody,
        response: { 200: commissionOne },
        summary: 'Reject a pending commission, saying why',
      },
    },
    async (req) => ({
      ok: true,
      commission: await decideCommission(
        db,
        req.params.id,
        'rejected',
        req.user,
        await hold(),
        new Date(),
        req.body.reason,
      ),
    }),
  );

  r.post(
    '/api/commissions/bulk',
    {
      config: access.write,
      schema: {
        body: bulkDecisionBody,
        response: { 200: commissionBulkAnswer },
        summary:
          'Approve or reject several commissions, each on its own (a rejection with its required reason); answers each one’s outcome',
      },
    },
    async (req) => ({
      ok: true,
      ...(await decideMany(db, req.body.ids, req.body.action, req.user, await hold(), req.body.reason ?? null)),
    }),
  );

  r.get(
    '/api/referrals/commissions',
    {
      config: allow('self'),
      schema: {
        querystring: ownCommissionQuery,
        response: { 200: commissionPage },
        summary: 'The caller’s own commissions',
      },
    },
    async (req) => ({
      ok: true,
      ...(await listCommissions(db, { ...req.query, referrerId: req.user!.id }, await hold())),
    }),
  );
});
