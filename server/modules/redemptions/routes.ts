import { idParams } from '../../../src/common/list.schemas.js';
import {
  redemptionBody,
  redemptionListQuery,
  redemptionOne,
  redemptionPage,
  redemptionStatusBody,
} from '../../../src/common/membership.schemas.js';
import { streamCsv } from '../../lib/csv.js';
import { unauthorized } from '../../lib/errors.js';
import { keysetPages } from '../../lib/pages.js';
import { defineRoutes } from '../../lib/routes.js';
import { membershipAccess, redemptionAccess as access } from '../membership/policy.js';
import { redemptionCsv } from '../membership/present.js';
import { createRedemption, decideRedemption, getRedemption, listRedemptions, redemptionRows } from './service.js';

export default defineRoutes('redemptions', (r, { db, settings }) => {
  r.post(
    '/api/redemptions',
    {
      config: { ...membershipAccess.own, refuses: [409, 422] },
      schema: {
        body: redemptionBody,
        response: { 201: redemptionOne },
        summary: 'Spend the caller’s points on a product (held until staff decide)',
      },
    },
    async (req, reply) => {
      if (!req.user) throw unauthorized();
      return reply
        .status(201)
        .send({ ok: true, success: true, redemption: await createRedemption(db, req.body, req.user) });
    },
  );

  r.get(
    '/api/redemptions',
    {
      config: access.read,
      schema: {
        querystring: redemptionListQuery,
        response: { 200: redemptionPage },
        summary: 'Redemptions: status filter, pages, sorts (staff)',
      },
    },
    async (req) => ({ ok: true, success: true, ...(await listRedemptions(db, req.query)) }),
  );

  r.get(
    '/api/redemptions/export.csv',
    {
      config: access.read,
      schema: { querystring: redemptionListQuery, summary: 'The filtered, sorted list as CSV (every row, streamed)' },
    },
    (req, reply) =>
      streamCsv(reply, {
        name: 'redemptions',
        columns: redemptionCsv,
        pages: keysetPages((page) => redemptionRows(db, req.query, page)),
      }),
  );

  r.get(
    '/api/redemptions/:id',
    {
      config: membershipAccess.own,
      schema: {
        params: idParams,
        response: { 200: redemptionOne },
        summary: 'One redemption (staff, or the member who made it)',
      },
    },
    async (req) => {
      if (!req.user) throw unauthorized();
      return { ok: true, success: true, redemption: await getRedemption(db, req.params.id, req.user) };
    },
  );

  r.put(
    '/api/redemptions/:id/status',
    {
      config: { ...access.write, refuses: [409] },
      schema: {
        params: idParams,
        body: redemptionStatusBody,
        response: { 200: redemptionOne },
        summary: 'Approve (a zero-price order) or reject (points returned) a PENDING redemption',
      },
    },
    async (req) => {
      if (!req.user) throw unauthorized();
      return {
        ok: true,
        success: true,
        redemption: await decideRedemption(db, req.params.id, req.body, req.user, (await settings.get()).currency),
      };
    },
  );
});
