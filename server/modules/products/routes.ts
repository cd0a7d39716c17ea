import { idParams } from '../../../src/common/list.schemas.js';
import { productBody, productListQuery, productPatch } from '../../../src/common/products.schemas.js';
import { streamCsv } from '../../lib/csv.js';
import { keysetPages } from '../../lib/pages.js';
import { defineRoutes } from '../../lib/routes.js';
import { productAccess as access } from './policy.js';
import { presentProduct, productCsv } from './present.js';
import { readImageUpload } from './upload.js';
import { createProduct, deleteProduct, getProduct, listProducts, productRows, productStats, setProductImage, updateProduct } from './service.js';

export default defineRoutes('products', (r, { db, config }) => {
  r.get('/api/products', { config: access.read, schema: { querystring: productListQuery } }, async (req) =>
    ({ ok: true, ...(await listProducts(db, req.query)) }));

  r.get('/api/products/export.csv', { config: access.read, schema: { querystring: productListQuery, summary: 'The filtered, sorted list as CSV (every row, streamed)' } }, (req, reply) =>
    streamCsv(reply, { name: 'products', columns: productCsv, pages: keysetPages((page) => productRows(db, req.query, page)) }));

  r.get('/api/products/stats', { config: access.read }, async () => ({ ok: true, stats: await productStats(db) }));

  r.get('/api/products/:id', { config: access.read, schema: { params: idParams } }, async (req) =>
    ({ ok: true, product: presentProduct(await getProduct(db, req.params.id)) }));

  r.post('/api/products', { config: access.write, schema: { body: productBody } }, async (req, reply) =>
    reply.status(201).send({ ok: true, product: await createProduct(db, req.body, req.user) }));

  r.put('/api/products/:id', { config: access.write, schema: { params: idParams, body: productPatch } }, async (req) =>
    ({ ok: true, product: await updateProduct(db, req.params.id, req.body, req.user) }));

  r.post('/api/products/:id/image', {
    config: access.write,
    schema: { params: idParams, summary: 'Upload the product image (multipart/form-data, one file: JPEG, PNG or WebP, at most 5 MB)' },
  }, async (req) => ({ ok: true, product: await setProductImage(db, config.uploadsDir, req.params.id, await readImageUpload(req), req.user) }));

  r.delete('/api/products/:id', { config: access.write, schema: { params: idParams } }, async (req) => {
    await deleteProduct(db, req.params.id, req.user);
    return { ok: true };
  });
});
