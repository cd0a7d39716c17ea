import { orderBulkBody } from '../../../src/common/bulk.schemas.js';
import { idParams } from '../../../src/common/list.schemas.js';
import { eachRow } from '../../lib/bulk.js';
import {
  createOrderBody,
  orderListQuery,
  orderOne,
  orderPage,
  orderStatsAnswer,
} from '../../../src/common/orders.schemas.js';
import { bulkAnswer } from '../../../src/common/answers.schemas.js';
import { sendIdempotent } from '../../lib/idempotency.js';
import { streamCsv } from '../../lib/csv.js';
import { keysetPages } from '../../lib/pages.js';
import { defineRoutes } from '../../lib/routes.js';
import { orderAccess as access } from './policy.js';
import { orderCsv } from './present.js';
import {
  createOrder,
  failPendingOrder,
  getOrderDetail,
  listOrdersJson,
  markFulfilled,
  orderCsvRows,
  orderStats,
} from './service.js';

/** Rows per batch of the CSV export: one JSON text of a few megabytes each, two held at a time. */
const CSV_BATCH = 10_000;

export default defineRoutes('orders', (r, { db, settings }) => {
  // Only a date filter needs the site's timezone: the unfiltered list, the busiest read, skips the settings.
  const timezoneFor = async (q: { from?: string; to?: string }) =>
    q.from || q.to ? (await settings.get()).timezone : 'UTC';

  // The page comes as JSON text rendered by the database (list-json.ts), which Fastify sends as it is: the schema states it.
  r.get(
    '/api/orders',
    {
      config: access.read,
      schema: {
        querystring: orderListQuery,
        response: { 200: orderPage },
        summary: 'Orders: filters, search, pages, sorts',
      },
    },
    async (req, reply) =>
      reply
        .type('application/json; charset=utf-8')
        .send((await listOrdersJson(db, req.query, await timezoneFor(req.query))) as never),
  );

  r.get(
    '/api/orders/export.csv',
    {
      config: access.read,
      schema: { querystring: orderListQuery, summary: 'The filtered, sorted list as CSV (every row, streamed)' },
    },
    async (req, reply) => {
      const timezone = await timezoneFor(req.query);
      return streamCsv(reply, {
        name: 'orders',
        columns: orderCsv,
        pages: keysetPages((page) => orderCsvRows(db, req.query, page, timezone), CSV_BATCH),
      });
    },
  );

  r.get(
    '/api/orders/stats',
    {
      config: access.read,
      schema: { response: { 200: orderStatsAnswer }, summary: 'Order counts for the orders screen' },
    },
    async () => ({ ok: true, stats: await orderStats(db) }),
  );

  r.get(
    '/api/orders/:id',
    { config: access.read, schema: { params: idParams, response: { 200: orderOne }, summary: 'An order' } },
    async (req) => ({ ok: true, order: await getOrderDetail(db, req.params.id) }),
  );

  r.post(
    '/api/orders/:id/fulfil',
    {
      config: { ...access.write, refuses: [409] },
      schema: { params: idParams, response: { 200: orderOne }, summary: 'Mark a paid order without tokens fulfilled' },
    },
    async (req) => ({ ok: true, order: await markFulfilled(db, req.params.id, req.user) }),
  );

  r.post(
    '/api/orders/bulk',
    {
      config: access.write,
      schema: {
        body: orderBulkBody,
        response: { 200: bulkAnswer },
        summary:
          'Fail the selected pending orders, each on its own (stock and coupon holds come back); answers each one’s outcome',
      },
    },
    async (req) => ({ ok: true, ...(await eachRow(req.body.ids, (id) => failPendingOrder(db, id, req.user))) }),
  );

  // Both honour an Idempotency-Key header: a retried create answers the first order instead of making a second.
  r.post(
    '/api/orders',
    {
      config: { ...access.write, refuses: [409, 422] },
      schema: { body: createOrderBody, response: { 201: orderOne }, summary: 'Create an order for a customer' },
    },
    async (req, reply) =>
      sendIdempotent(db, req, reply, async () => ({
        status: 201,
        body: { ok: true, order: await createOrder(db, settings, req.body, req.user) },
      })),
  );

  r.post(
    '/api/orders/mock',
    {
      config: { ...access.write, refuses: [409, 422] },
      schema: {
        body: createOrderBody,
        response: { 201: orderOne },
        summary: 'Create an order already paid by a test payment',
      },
    },
    async (req, reply) =>
      sendIdempotent(db, req, reply, async () => ({
        status: 201,
        body: { ok: true, order: await createOrder(db, settings, req.body, req.user, { mockPaid: true }) },
      })),
  );
});
