import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { MAX_IMAGE_BYTES } from '../../src/common/products.js';

/** File uploads (multipart/form-data): one file a request, at most the image limit; routes read it with req.file(). */
export async function registerMultipart(app: FastifyInstance) {
  await app.register(multipart, { limits: { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 10, parts: 11 } });
}
