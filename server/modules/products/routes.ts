import { productBulkBody } from '../../../src/common/bulk.schemas.js';
import { idParams } from '../../../src/common/list.schemas.js';
import { eachRow } from '../../lib/bulk.js';
import { ifMatchVersions } from '../../lib/if-match.js';
import {
  productBody,
  productListQuery,
  productOne,
  productPage,
  productPatch,
  productStatsAnswer,
} from '../../../src/common/products.schemas.js';
import { bulkAnswer, okAnswer } from '../../../src/common/answers.schemas.js';
import { streamCsv } from '../../lib/csv.js';
import { keysetPages } from '../../lib/pages.js';
import { defineRoutes } from '../../lib/routes.js';
import { tokenOfChain } from '../../chain/client.js';
import { onRunningChain, productAccess as access } from './policy.js';
import { presentProduct, productCsv } from './present.js';
import { readImageUpload } from './upload.js';
import {
  createProduct,
  deleteProduct,
  getProduct,
  listProducts,
  productRows,
  productStats,
  setProductImage,
  updateProduct,
} from './service.js';

export default defineRoutes('products', (r, { db, config }) => {
  const token = tokenOfChain(config.chain);
  r.get(
    '/api/products',
    {
      config: access.read,
      schema: {
        querystring: productListQuery,
        response: { 200: productPage },
        summary: 'Products: filters, search, pages, sorts',
      },
    },
    async (req) => ({ ok: true, ...(await listProducts(db, req.query)) }),
  );

  r.get(
    '/api/products/export.csv',
    {
      config: access.read,
      schema: { querystring: productListQuery, summary: 'The filtered, sorted list as CSV (every row, streamed)' },
    },
    (req, reply) =>
      streamCsv(reply, {
        name: 'products',
        columns: productCsv,
        pages: keysetPages((page) => productRows(db, req.query, page)),
      }),
  );

  r.get(
    '/api/products/stats',
    {
      config: access.read,
      schema: { response: { 200: productStatsAnswer }, summary: 'Product counts for the products screen' },
    },
    async () => ({ ok: true, stats: await productStats(db) }),
  );

  r.get(
    '/api/products/:id',
    { config: access.read, schema: { params: idParams, response: { 200: productOne }, summary: 'A product' } },
    async (req) => ({ ok: true, product: presentProduct(await getProduct(db, req.params.id)) }),
  );

  r.post(
    '/api/products',
    {
      config: { ...access.write, refuses: [409] },
      schema: { body: productBody, response: { 201: productOne }, summary: 'Create a product' },
    },
    async (req, reply) =>
      reply.status(201).send({ ok: true, product: await createProduct(db, onRunningChain(req.body, token), req.user) }),
  );

  r.put(
    '/api/products/:id',
    {
      config: { ...access.write, refuses: [409, 412] },
      schema: {
        params: idParams,
        body: productPatch,
        response: { 200: productOne },
        summary: 'Change some of a product’s fields',
        description:
          'An optional `If-Match` header names the `updatedAt` the client read (quoted): a product changed since is ' +
          'refused with 412 instead of being overwritten.',
      },
    },
    async (req) => ({
      ok: true,
      product: await updateProduct(
        db,
        req.params.id,
        onRunningChain(req.body, token),
        req.user,
        ifMatchVersions(req.headers['if-match']),
      ),
    }),
  );

  r.post(
    '/api/products/:id/image',
    {
      config: { ...access.write, upload: { file: 'image', description: 'The image: JPEG, PNG or WebP, at most 5 MB' } },
      schema: {
        params: idParams,
        response: { 200: productOne },
        summary: 'Upload the product image (multipart/form-data, one file: JPEG, PNG or WebP, at most 5 MB)',
      },
    },
    async (req) => ({
      ok: true,
      product: await setProductImage(db, config.uploadsDir, req.params.id, await readImageUpload(req), req.user),
    }),
  );

  r.post(
    '/api/products/bulk',
    {
      config: access.write,
      schema: {
        body: productBulkBody,
        response: { 200: bulkAnswer },
        summary: 'Set the status of, or delete, the selected products, each on its own; answers each one’s outcome',
      },
    },
    async (req) => {
      const { action, status } = req.body;
      return {
        ok: true,
        ...(await eachRow(req.body.ids, (id) =>
          action === 'delete' ? deleteProduct(db, id, req.user) : updateProduct(db, id, { status: status! }, req.user),
        )),
      };
    },
  );

  r.delete(
    '/api/products/:id',
    {
      config: { ...access.write, refuses: [409] },
      schema: { params: idParams, response: { 200: okAnswer }, summary: 'Delete a product' },
    },
    async (req) => {
      await deleteProduct(db, req.params.id, req.user);
      return { ok: true };
    },
  );
});
