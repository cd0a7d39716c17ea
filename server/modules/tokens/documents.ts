/**
 * Product documents on disk: public, so they live in DATA_DIR/uploads/documents and are served from
 * /uploads/documents/ under a generated name that is never reused (the static plugin keeps them a year). The file is
 * checked as a KYC document is (server/lib/uploads.ts: kind from the bytes, size, no path in its name).
 */
import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyRequest } from 'fastify';
import { DOCUMENT_FIELD, MAX_PRODUCT_DOCUMENT_BYTES } from '../../../src/common/tokens.js';
import { say } from '../../lib/errors.js';
import { checkDocumentFile, readUpload, type CheckedFile, type Upload } from '../../lib/uploads.js';

export const DOCUMENTS_FOLDER = 'documents';
export const DOCUMENTS_URL = `/uploads/${DOCUMENTS_FOLDER}/`;
const howToSend = say('document_how_to_send', { field: DOCUMENT_FIELD });

export const documentsDir = (uploadsDir: string) => path.join(uploadsDir, DOCUMENTS_FOLDER);

export const readDocumentUpload = (req: FastifyRequest): Promise<Upload> =>
  readUpload(req, {
    howToSend,
    tooLarge: say('document_too_large', { mb: MAX_PRODUCT_DOCUMENT_BYTES / 1024 / 1024 }),
    field: DOCUMENT_FIELD,
  });

export const checkProductDocument = (upload: Upload): Promise<CheckedFile> =>
  checkDocumentFile(upload, {
    field: DOCUMENT_FIELD,
    howToSend,
    noFile: 'document_no_file',
    chooseFile: 'document_choose_file',
    wrongField: 'document_wrong_field',
    empty: 'document_empty',
    wrongType: 'document_type',
    wrongTypeField: 'document_type_field',
    pdfDamaged: 'document_pdf_damaged',
    imageDamaged: 'document_image_damaged',
  });

export const sha256Of = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** Writes the file under a new name; answers that name. */
export async function storeDocumentFile(dir: string, doc: CheckedFile): Promise<string> {
  const file = `${randomUUID()}.${doc.kind}`;
  await fs.mkdir(dir, { recursive: true });
  await fs.writeFile(path.join(dir, file), doc.bytes, { flag: 'wx' });
  return file;
}

export async function removeDocumentFile(dir: string, file: string) {
  await fs.rm(path.join(dir, path.basename(file)), { force: true });
}
