import {
  addPointsBody,
  conversionHistoryQuery,
  convertBody,
  levelParams,
  levelPatch,
  memberQuery,
  pointsHistoryQuery,
  redemptionHistoryQuery,
  conversionPage,
  memberLevelList,
  memberLevelOne,
  memberOne,
  pointsAddedAnswer,
  pointsPage,
  redemptionPage,
  tokensConvertedAnswer,
} from '../../../src/common/membership.schemas.js';
import { unauthorized } from '../../lib/errors.js';
import { defineRoutes } from '../../lib/routes.js';
import type { AuthUser } from '../../types.js';
import { listRedemptions } from '../redemptions/service.js';
import { membershipAccess as access } from './policy.js';
import {
  addPoints,
  conversionsHistory,
  convertPoints,
  listLevels,
  memberInfo,
  pointsHistory,
  resolveMember,
  updateLevel,
} from './service.js';

const caller = (user: AuthUser | null) => {
  if (!user) throw unauthorized();
  return user;
};

export default defineRoutes('membership', (r, ctx) => {
  const { db } = ctx;
  const chainCtx = () => ({ db, chain: ctx.chain });

  r.get(
    '/api/membership/levels',
    {
      config: access.levels,
      schema: {
        response: { 200: memberLevelList },
        summary: 'The member levels BRONZE → DIAMOND and what each needs and gives',
      },
    },
    async () => ({ ok: true, success: true, levels: await listLevels(db) }),
  );

  r.put(
    '/api/membership/levels/:name',
    {
      config: access.manage,
      schema: {
        params: levelParams,
        body: levelPatch,
        response: { 200: memberLevelOne },
        summary: 'Change some of a membership level’s terms',
      },
    },
    async (req) => ({ ok: true, success: true, level: await updateLevel(db, req.params.name, req.body, req.user) }),
  );

  r.get(
    '/api/membership/info',
    {
      config: { ...access.own, refuses: [404] },
      schema: {
        querystring: memberQuery,
        response: { 200: memberOne },
        summary: 'The caller’s membership (staff: anyone’s by email or userId)',
      },
    },
    async (req) => ({
      ok: true,
      success: true,
      member: await memberInfo(chainCtx(), await resolveMember(db, caller(req.user), req.query)),
    }),
  );

  r.get(
    '/api/membership/points/history',
    {
      config: { ...access.own, refuses: [404] },
      schema: {
        querystring: pointsHistoryQuery,
        response: { 200: pointsPage },
        summary: 'A member’s points entries, newest first (the caller’s own; staff: anyone’s)',
      },
    },
    async (req) => {
      const user = await resolveMember(db, caller(req.user), req.query);
      return { ok: true, success: true, ...(await pointsHistory(db, user.id, req.query)) };
    },
  );

  r.get(
    '/api/membership/redemptions/history',
    {
      config: { ...access.own, refuses: [404] },
      schema: {
        querystring: redemptionHistoryQuery,
        response: { 200: redemptionPage },
        summary: 'A member’s redemptions, newest first (the caller’s own; staff: anyone’s)',
      },
    },
    async (req) => {
      const user = await resolveMember(db, caller(req.user), req.query);
      return {
        ok: true,
        success: true,
        ...(await listRedemptions(db, {
          limit: req.query.limit,
          offset: req.query.offset,
          userId: user.id,
          sort: req.query.sort,
          order: req.query.order,
        })),
      };
    },
  );

  r.get(
    '/api/membership/conversions/history',
    {
      config: { ...access.own, refuses: [404] },
      schema: {
        querystring: conversionHistoryQuery,
        response: { 200: conversionPage },
        summary: 'A member’s token conversions, newest first (the caller’s own; staff: anyone’s)',
      },
    },
    async (req) => {
      const user = await resolveMember(db, caller(req.user), req.query);
      return { ok: true, success: true, ...(await conversionsHistory(db, user.id, req.query)) };
    },
  );

  r.post(
    '/api/membership/points/add',
    {
      config: { ...access.manage, refuses: [404, 409] },
      schema: {
        body: addPointsBody,
        response: { 200: pointsAddedAnswer },
        summary: 'Add (or, negative, remove) a member’s points with a reason',
      },
    },
    async (req) => ({ ok: true, success: true, ...(await addPoints(chainCtx(), req.body, caller(req.user))) }),
  );

  r.post(
    '/api/membership/tokens/convert',
    {
      config: { ...access.own, refuses: [422] },
      schema: {
        body: convertBody,
        response: { 201: tokensConvertedAnswer },
        summary: 'Convert the caller’s points into the loyalty token, minted to their wallet',
      },
    },
    async (req, reply) =>
      reply
        .status(201)
        .send({ ok: true, success: true, ...(await convertPoints(chainCtx(), req.body, caller(req.user))) }),
  );
});
