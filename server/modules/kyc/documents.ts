/**
 * KYC documents: personal data, so they live in DATA_DIR/uploads/private/kyc (never served from /uploads/) under a
 * generated name, and are read back only through GET /api/kyc/{id}/document. The kind comes from the bytes.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { MAX_KYC_DOCUMENT_BYTES, type KycDocumentKind } from '../../../src/common/kyc.js';
import { AppError, badRequest } from '../../lib/errors.js';
import { fileKind, namesAPath, pdfLooksComplete, readUpload, type Upload } from '../../lib/uploads.js';
import type { FastifyRequest } from 'fastify';

export const FILE_FIELD = 'document';
const howToSend = `Send the form as multipart/form-data with the document in the "${FILE_FIELD}" field.`;
const wrongType = 'The document must be a JPEG, PNG or WebP image or a PDF file.';

export const readKycUpload = (req: FastifyRequest): Promise<Upload> =>
  readUpload(req, { howToSend, tooLarge: `The document can be at most ${MAX_KYC_DOCUMENT_BYTES / 1024 / 1024} MB.`, field: FILE_FIELD });

export type CheckedDocument = { bytes: Buffer; kind: KycDocumentKind; name: string };

/** The one document of an upload, checked: present, named as a file, not empty, a readable image or a whole PDF. */
export async function checkDocument(upload: Upload): Promise<CheckedDocument> {
  if (upload.files.length === 0) throw badRequest(`No document was sent. ${howToSend}`, { [FILE_FIELD]: 'Choose a photo or scan of your document.' });
  const file = upload.files[0]!;
  if (file.field !== FILE_FIELD) throw badRequest(`The file must be sent in the "${FILE_FIELD}" field.`, { [FILE_FIELD]: 'Choose a photo or scan of your document.' });
  const name = file.filename.trim();
  if (namesAPath(name)) {
    throw badRequest('The file name cannot contain a path (such as ../ or a folder): send the file under its own name.', { [FILE_FIELD]: 'The file name cannot contain a path.' });
  }
  if (name.length > 200) throw badRequest('The file name can be at most 200 characters.', { [FILE_FIELD]: 'The file name is too long.' });
  if (file.bytes.length === 0) throw badRequest('The document file is empty.', { [FILE_FIELD]: 'The file is empty.' });
  const kind = fileKind(file.bytes);
  if (!kind) throw badRequest(wrongType, { [FILE_FIELD]: 'Not a JPEG, PNG, WebP or PDF file.' });
  const damaged = () => badRequest(`The document could not be read: the ${kind === 'pdf' ? 'PDF' : 'image'} is damaged or incomplete.`, { [FILE_FIELD]: 'The file could not be read.' });
  if (kind === 'pdf') {
    if (!pdfLooksComplete(file.bytes)) throw damaged();
  } else {
    const meta = await sharp(file.bytes).metadata().catch(() => null);
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
    throw new AppError(404, 'The document file is missing from storage.', 'not_found');
  }
}
