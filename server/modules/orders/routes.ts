import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParams } from '../products/schemas.js';
import { createOrderBody, orderListQuery } from './schemas.js';
import { createOrder, getOrderDetail, listOrdersJson, orderStats } from './service.js';

export async function orderRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.ctx;
  const read = { capability: 'backoffice.read' } as const;
  const write = { capability: 'orders.create' } as const;
  const tags = ['orders'];

  r.get('/api/orders', { config: read, schema: { tags, querystring: orderListQuery } }, async (req, reply) =>
    reply.type('application/json; charset=utf-8').send(await listOrdersJson(db, req.query)));

  r.get('/api/orders/stats', { config: read, schema: { tags } }, async () => ({ ok: true, stats: await orderStats(db) }));

  r.get('/api/orders/:id', { config: read, schema: { tags, params: idParams } }, async (req) =>
    ({ ok: true, order: await getOrderDetail(db, req.params.id) }));

  r.post('/api/orders', { config: write, schema: { tags, body: createOrderBody } }, async (req, reply) =>
    reply.status(201).send({ ok: true, order: await createOrder(db, req.body, req.user) }));

  r.post('/api/orders/mock', { config: write, schema: { tags, body: createOrderBody, summary: 'Create an order already paid by a test payment' } }, async (req, reply) =>
    reply.status(201).send({ ok: true, order: await createOrder(db, req.body, req.user, { mockPaid: true }) }));
}
