/**
 * KYC documents: personal data, so they live in DATA_DIR/uploads/private/kyc (never served from /uploads/) under a
 * generated name, and are read back only through GET /api/kyc/{id}/document. The kind comes from the bytes.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { MAX_KYC_DOCUMENT_BYTES, type KycDocumentKind } from '../../../src/common/kyc.js';
import { AppError, say } from '../../lib/errors.js';
import { checkDocumentFile, readUpload, type CheckedFile, type Upload } from '../../lib/uploads.js';
import type { FastifyRequest } from 'fastify';

export const FILE_FIELD = 'document';
const howToSend = say('kyc_how_to_send', { field: FILE_FIELD });

export const readKycUpload = (req: FastifyRequest): Promise<Upload> =>
  readUpload(req, {
    howToSend,
    tooLarge: say('kyc_too_large', { mb: MAX_KYC_DOCUMENT_BYTES / 1024 / 1024 }),
    field: FILE_FIELD,
  });

export type CheckedDocument = CheckedFile & { kind: KycDocumentKind };

/** The one document of an upload, checked: present, named as a file, not empty, a readable image or a whole PDF. */
export const checkDocument = (upload: Upload): Promise<CheckedDocument> =>
  checkDocumentFile(upload, {
    field: FILE_FIELD,
    howToSend,
    noFile: 'kyc_no_document',
    chooseFile: 'kyc_choose_document',
    wrongField: 'kyc_wrong_file_field',
    empty: 'kyc_document_empty',
    wrongType: 'kyc_document_type',
    wrongTypeField: 'kyc_document_type_field',
    pdfDamaged: 'kyc_pdf_damaged',
    imageDamaged: 'kyc_image_damaged',
  });

export async function storeDocument(dir: string, doc: CheckedDocument): Promise<string> {
  const file = `${randomUUID()}.${doc.kind}`;
  await fs.mkdir(dir, { recursive: true });
  await fs.writeFile(path.join(dir, file), doc.bytes, { flag: 'wx' });
  return file;
}

export async function removeDocument(dir: string, file: string) {
  await fs.rm(path.join(dir, path.basename(file)), { force: true });
}

export async function readDocument(dir: string, file: string): Promise<Buffer> {
  try {
    return await fs.readFile(path.join(dir, path.basename(file)));
  } catch {
    throw new AppError(404, 'kyc_document_missing', undefined, undefined, 'not_found');
  }
}
