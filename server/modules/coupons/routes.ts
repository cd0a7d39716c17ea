import {
  couponBody,
  couponListQuery,
  couponOne,
  couponPage,
  couponPatch,
} from '../../../src/common/coupons.schemas.js';
import { bulkAnswer, okAnswer } from '../../../src/common/answers.schemas.js';
import { couponBulkBody } from '../../../src/common/bulk.schemas.js';
import { idParams } from '../../../src/common/list.schemas.js';
import { eachRow } from '../../lib/bulk.js';
import { ifMatchVersions } from '../../lib/if-match.js';
import { streamCsv } from '../../lib/csv.js';
import { keysetPages } from '../../lib/pages.js';
import { defineRoutes } from '../../lib/routes.js';
import { couponAccess as access } from './policy.js';
import { couponCsv, presentCoupon } from './present.js';
import {
  couponRows,
  createCoupon,
  deleteCoupon,
  expireCoupon,
  getCoupon,
  listCoupons,
  updateCoupon,
} from './service.js';

export default defineRoutes('coupons', (r, { db }) => {
  r.get(
    '/api/coupons',
    {
      config: access.read,
      schema: {
        querystring: couponListQuery,
        response: { 200: couponPage },
        summary: 'Coupons: filters, search, pages, sorts',
      },
    },
    async (req) => ({ ok: true, ...(await listCoupons(db, req.query)) }),
  );

  r.get(
    '/api/coupons/export.csv',
    {
      config: access.read,
      schema: { querystring: couponListQuery, summary: 'The filtered, sorted list as CSV (every row, streamed)' },
    },
    (req, reply) =>
      streamCsv(reply, {
        name: 'coupons',
        columns: couponCsv,
        pages: keysetPages((page) => couponRows(db, req.query, page)),
      }),
  );

  r.get(
    '/api/coupons/:id',
    { config: access.read, schema: { params: idParams, response: { 200: couponOne }, summary: 'A coupon' } },
    async (req) => ({ ok: true, coupon: presentCoupon(await getCoupon(db, req.params.id)) }),
  );

  r.post(
    '/api/coupons',
    {
      config: { ...access.write, refuses: [409] },
      schema: { body: couponBody, response: { 201: couponOne }, summary: 'Create a coupon' },
    },
    async (req, reply) => reply.status(201).send({ ok: true, coupon: await createCoupon(db, req.body, req.user) }),
  );

  r.put(
    '/api/coupons/:id',
    {
      config: { ...access.write, refuses: [409, 412] },
      schema: {
        params: idParams,
        body: couponPatch,
        response: { 200: couponOne },
        summary: 'Change some of a coupon’s fields',
        description:
          'An optional `If-Match` header names the `updatedAt` the client read (quoted): a coupon changed since is ' +
          'refused with 412 instead of being overwritten.',
      },
    },
    async (req) => ({
      ok: true,
      coupon: await updateCoupon(db, req.params.id, req.body, req.user, ifMatchVersions(req.headers['if-match'])),
    }),
  );

  r.post(
    '/api/coupons/bulk',
    {
      config: access.write,
      schema: {
        body: couponBulkBody,
        response: { 200: bulkAnswer },
        summary: 'Expire now, or delete, the selected coupons, each on its own; answers each one’s outcome',
      },
    },
    async (req) => ({
      ok: true,
      ...(await eachRow(req.body.ids, (id) =>
        req.body.action === 'expire' ? expireCoupon(db, id, req.user) : deleteCoupon(db, id, req.user),
      )),
    }),
  );

  r.delete(
    '/api/coupons/:id',
    {
      config: { ...access.write, refuses: [409] },
      schema: { params: idParams, response: { 200: okAnswer }, summary: 'Delete a coupon' },
    },
    async (req) => {
      await deleteCoupon(db, req.params.id, req.user);
      return { ok: true };
    },
  );
});
