/**
 * KYC documents: personal data, so they live in DATA_DIR/uploads/private/kyc (never served from /uploads/) under a
 * generated name, and are read back only through GET /api/kyc/{id}/document. The kind comes from the bytes.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { MAX_KYC_DOCUMENT_BYTES, type KycDocumentKind } from '../../../src/common/kyc.js';
import { AppError, badRequest, say, sentenceOf } from '../../lib/errors.js';
import { fileKind, namesAPath, pdfLooksComplete, readUpload, type Upload } from '../../lib/uploads.js';
import type { FastifyRequest } from 'fastify';

export const FILE_FIELD = 'document';
const howToSend = say('kyc_how_to_send', { field: FILE_FIELD });
const wrongType = say('kyc_document_type');

export const readKycUpload = (req: FastifyRequest): Promise<Upload> =>
  readUpload(req, {
    howToSend,
    tooLarge: say('kyc_too_large', { mb: MAX_KYC_DOCUMENT_BYTES / 1024 / 1024 }),
    field: FILE_FIELD,
  });

export type CheckedDocument = { bytes: Buffer; kind: KycDocumentKind; name: string };

/** The one document of an upload, checked: present, named as a file, not empty, a readable image or a whole PDF. */
export async function checkDocument(upload: Upload): Promise<CheckedDocument> {
  if (upload.files.length === 0)
    throw badRequest('kyc_no_document', { howToSend: sentenceOf(howToSend) }, { [FILE_FIELD]: 'kyc_choose_document' });
  const file = upload.files[0]!;
  if (file.field !== FILE_FIELD)
    throw badRequest('kyc_wrong_file_field', { field: FILE_FIELD }, { [FILE_FIELD]: 'kyc_choose_document' });
  const name = file.filename.trim();
  if (namesAPath(name)) {
    throw badRequest('file_name_has_path', undefined, { [FILE_FIELD]: 'file_name_has_path_field' });
  }
  if (name.length > 200)
    throw badRequest('file_name_too_long', undefined, { [FILE_FIELD]: 'file_name_too_long_field' });
  if (file.bytes.length === 0) throw badRequest('kyc_document_empty', undefined, { [FILE_FIELD]: 'file_empty_field' });
  const kind = fileKind(file.bytes);
  if (!kind) throw badRequest(wrongType, undefined, { [FILE_FIELD]: 'kyc_document_type_field' });
  const damaged = () =>
    badRequest(kind === 'pdf' ? 'kyc_pdf_damaged' : 'kyc_image_damaged', { [FILE_FIELD]: 'file_unreadable_field' });
  if (kind === 'pdf') {
    if (!pdfLooksComplete(file.bytes)) throw damaged();
  } else {
    const meta = await sharp(file.bytes)
      .metadata()
      .catch(() => null);
    const expected = { jpg: 'jpeg', png: 'png', webp: 'webp' }[kind];
    if (!meta || meta.format !== expected || !meta.width || !meta.height) throw damaged();
  }
  return { bytes: file.bytes, kind, name: name || `document.${kind}` };
}

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
