import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParams, productBody, productListQuery, productPatch } from './schemas.js';
import { createProduct, deleteProduct, getProduct, listProducts, presentProduct, productStats, updateProduct } from './service.js';

export async function productRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.ctx;
  const read = { capability: 'backoffice.read' } as const;
  const write = { capability: 'catalog.write' } as const;
  const tags = ['products'];

  r.get('/api/products', { config: read, schema: { tags, querystring: productListQuery } }, async (req) =>
    ({ ok: true, ...(await listProducts(db, req.query)) }));

  r.get('/api/products/stats', { config: read, schema: { tags } }, async () => ({ ok: true, stats: await productStats(db) }));

  r.get('/api/products/:id', { config: read, schema: { tags, params: idParams } }, async (req) =>
    ({ ok: true, product: presentProduct(await getProduct(db, req.params.id)) }));

  r.post('/api/products', { config: write, schema: { tags, body: productBody } }, async (req, reply) =>
    reply.status(201).send({ ok: true, product: await createProduct(db, req.body, req.user) }));

  r.put('/api/products/:id', { config: write, schema: { tags, params: idParams, body: productPatch } }, async (req) =>
    ({ ok: true, product: await updateProduct(db, req.params.id, req.body, req.user) }));

  r.delete('/api/products/:id', { config: write, schema: { tags, params: idParams } }, async (req) => {
    await deleteProduct(db, req.params.id, req.user);
    return { ok: true };
  });
}
