import { idParams } from '../../../src/common/list.schemas.js';
import { COLLECTION_IMAGE_PATH, COLLECTION_PATH, DOCUMENT_FIELD, tokenIdFromPath } from '../../../src/common/tokens.js';
import {
  collectionMetadataAnswer,
  documentFields,
  productDocumentList,
  productDocumentOne,
  tokenMetadataAnswer,
  tokenParams,
} from '../../../src/common/tokens.schemas.js';
import { defineRoutes } from '../../lib/routes.js';
import { siteOrigin } from '../../lib/site.js';
import { tokenOfChain } from '../../chain/client.js';
import { collectionImage, collectionMetadata } from './collection.js';
import { checkProductDocument, documentsDir, readDocumentUpload } from './documents.js';
import { tokenAccess as access } from './policy.js';
import { addDocument, checkDocumentFields, listDocuments, tokenMetadata } from './service.js';

export default defineRoutes('tokens', (r, { db, config, settings }) => {
  const dir = documentsDir(config.uploadsDir);

  r.get(
    COLLECTION_PATH,
    {
      config: access.metadata,
      schema: {
        response: { 200: collectionMetadataAnswer },
        summary:
          'The collection’s metadata, where the contract’s contractURI() points (public): name, description, image, ' +
          'external_link, and the chain, contract and base URI of its tokens',
      },
    },
    async (req, reply) => {
      reply.header('access-control-allow-origin', '*').header('cross-origin-resource-policy', 'cross-origin');
      const { siteName, siteUrl } = await settings.get();
      return collectionMetadata(siteName, siteOrigin(req, siteUrl), tokenOfChain(config.chain));
    },
  );

  r.get(
    COLLECTION_IMAGE_PATH,
    {
      config: { ...access.metadata, sends: { types: ['image/svg+xml'], description: 'The collection’s image' } },
      schema: { summary: 'The collection’s image (public): an SVG square with the site name’s initials' },
    },
    async (_req, reply) => {
      reply.header('access-control-allow-origin', '*').header('cross-origin-resource-policy', 'cross-origin');
      return reply.type('image/svg+xml').send(collectionImage((await settings.get()).siteName));
    },
  );

  r.get(
    '/api/tokens/:id',
    {
      config: access.metadata,
      schema: {
        params: tokenParams,
        response: { 200: tokenMetadataAnswer },
        summary:
          'A tokenised product’s EIP-1155 metadata JSON (public; `{id}` as 64 lowercase hex digits or decimal): name, ' +
          'description, image, external_url, properties and attributes with its current documents and their sha256',
      },
    },
    async (req, reply) => {
      // Wallets and marketplaces read it from their own pages: any origin may.
      reply.header('access-control-allow-origin', '*').header('cross-origin-resource-policy', 'cross-origin');
      return tokenMetadata(db, tokenIdFromPath(req.params.id)!, siteOrigin(req, (await settings.get()).siteUrl));
    },
  );

  r.get(
    '/api/products/:id/documents',
    {
      config: access.read,
      schema: {
        params: idParams,
        response: { 200: productDocumentList },
        summary: 'A product’s documents: the current ones and those they replaced, each with its sha256',
      },
    },
    async (req) => ({ ok: true, documents: await listDocuments(db, req.params.id) }),
  );

  r.post(
    '/api/products/:id/documents',
    {
      config: {
        ...access.write,
        upload: {
          file: DOCUMENT_FIELD,
          description: 'The document: PDF, JPEG, PNG or WebP, at most 5 MB',
          fields: documentFields,
        },
        refuses: [409],
      },
      schema: {
        params: idParams,
        response: { 201: productDocumentOne },
        summary:
          'Attach a document to a tokenised product (multipart/form-data: kind, optionally replaces, and one file ' +
          '"document": PDF, JPEG, PNG or WebP, at most 5 MB); a replaced one stays in the history',
      },
    },
    async (req, reply) => {
      const upload = await readDocumentUpload(req);
      const fields = checkDocumentFields(upload.fields);
      const doc = await checkProductDocument(upload);
      const document = await addDocument(db, dir, req.params.id, fields, doc, req.user);
      return reply.status(201).send({ ok: true, document });
    },
  );
});
