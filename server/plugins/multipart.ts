import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { MAX_KYC_DOCUMENT_BYTES } from '../../src/common/kyc.js';
import { MAX_IMAGE_BYTES } from '../../src/common/products.js';
import { MAX_PRODUCT_DOCUMENT_BYTES } from '../../src/common/tokens.js';

/**
 * File uploads (multipart/form-data): one file a request, at most the largest upload limit; routes read them with
 * server/lib/uploads.ts. File names keep any path they were sent with (`preservePath`), so a name such as
 * "../x.pdf" reaches the route and is refused there instead of being quietly cut to "x.pdf".
 */
export async function registerMultipart(app: FastifyInstance) {
  await app.register(multipart, {
    preservePath: true,
    limits: {
      fileSize: Math.max(MAX_IMAGE_BYTES, MAX_KYC_DOCUMENT_BYTES, MAX_PRODUCT_DOCUMENT_BYTES),
      files: 1,
      fields: 10,
      parts: 11,
    },
  });
}
