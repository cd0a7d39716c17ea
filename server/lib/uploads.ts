/**
 * Reading uploads (multipart/form-data) and telling a file's kind from its bytes, for every module that takes files
 * (product images, KYC documents). Limits come from the multipart plugin (server/plugins/multipart.ts).
 */
import type { FastifyRequest } from 'fastify';
import type { ErrorCode } from '../../src/common/errors-catalogue.js';
import { isSafeText } from '../../src/common/text.js';
import { AppError, badRequest, sentenceOf, type Said } from './errors.js';

export type FileKind = 'jpg' | 'png' | 'webp' | 'pdf';

/** JPEG (FF D8 FF), PNG (89 'PNG' CR LF 1A LF), WebP ('RIFF' …. 'WEBP') or PDF ('%PDF-'), from the bytes; null for anything else. */
export function fileKind(bytes: Uint8Array): FileKind | null {
  const at = (offset: number, ...values: number[]) => values.every((v, i) => bytes[offset + i] === v);
  if (at(0, 0xff, 0xd8, 0xff)) return 'jpg';
  if (at(0, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'png';
  if (at(0, 0x52, 0x49, 0x46, 0x46) && at(8, 0x57, 0x45, 0x42, 0x50)) return 'webp';
  if (at(0, 0x25, 0x50, 0x44, 0x46, 0x2d)) return 'pdf';
  return null;
}

/** Whether a PDF ends as a whole PDF does ('%%EOF' in its last kilobyte): a cut-off upload does not. */
export const pdfLooksComplete = (bytes: Buffer) => bytes.subarray(Math.max(0, bytes.length - 1024)).includes('%%EOF');

export const MIME_OF: Record<FileKind, string> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  pdf: 'application/pdf',
};

/** Whether a file name as the browser sent it names a path (../, a folder, a drive) rather than a file. */
export const namesAPath = (name: string) =>
  /[/\\]/.test(name) || name.split('.').every((p) => p === '') || /^[A-Za-z]:/.test(name);

export type UploadedFile = { field: string; filename: string; mimetype: string; bytes: Buffer };
export type Upload = { fields: Record<string, string>; files: UploadedFile[] };

export type UploadWords = {
  /** "Send the image as multipart/form-data with one file field." */
  howToSend: Said;
  /** What the 413 says, e.g. "The image can be at most 5 MB.", and the field it names. */
  tooLarge: Said;
  field: string;
};

/**
 * Every part of a multipart request: text fields by name and the files whole in memory (at most the plugin's size
 * limit each). Not multipart: 415; over the size limit: 413; anything unreadable: 400; each with a sentence.
 */
export async function readUpload(req: FastifyRequest, words: UploadWords): Promise<Upload> {
  if (!req.isMultipart()) throw new AppError(415, words.howToSend, undefined, undefined, 'unsupported_media_type');
  const fields: Record<string, string> = {};
  const files: UploadedFile[] = [];
  try {
    for await (const part of req.parts()) {
      if (part.type === 'file') {
        files.push({
          field: part.fieldname,
          filename: part.filename ?? '',
          mimetype: part.mimetype,
          bytes: await part.toBuffer(),
        });
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE')
      throw new AppError(413, words.tooLarge, undefined, { [words.field]: words.tooLarge }, 'file_too_large');
    if (code === 'FST_FILES_LIMIT')
      throw badRequest(
        'upload_one_file',
        { howToSend: sentenceOf(words.howToSend) },
        { [words.field]: 'upload_one_file_field' },
      );
    if (err instanceof AppError) throw err;
    throw badRequest(
      'upload_unreadable',
      { howToSend: sentenceOf(words.howToSend) },
      { [words.field]: 'upload_unreadable_field' },
    );
  }
  for (const name of [...Object.keys(fields), ...files.map((f) => f.filename)]) {
    if (!isSafeText(name)) throw badRequest('upload_unsafe_name');
  }
  return { fields, files };
}

/** What a document upload's refusals say, each domain in its own words (a KYC document, a product's document). */
export type DocumentWords = {
  field: string;
  howToSend: Said;
  noFile: ErrorCode;
  chooseFile: ErrorCode;
  wrongField: ErrorCode;
  empty: ErrorCode;
  wrongType: ErrorCode;
  wrongTypeField: ErrorCode;
  pdfDamaged: ErrorCode;
  imageDamaged: ErrorCode;
};

export type CheckedFile = { bytes: Buffer; kind: FileKind; name: string };

/**
 * The one document of an upload, checked alike for every module: present, in its field, named as a file (no path, at
 * most 200 characters), not empty, of a kind told from its bytes (JPEG, PNG, WebP or PDF), a readable image or a whole
 * PDF. Each refusal is a 400 with a sentence.
 */
export async function checkDocumentFile(upload: Upload, w: DocumentWords): Promise<CheckedFile> {
  const field = w.field;
  if (upload.files.length === 0)
    throw badRequest(w.noFile, { howToSend: sentenceOf(w.howToSend) }, { [field]: w.chooseFile });
  const file = upload.files[0]!;
  if (file.field !== field) throw badRequest(w.wrongField, { field }, { [field]: w.chooseFile });
  const name = file.filename.trim();
  if (namesAPath(name)) throw badRequest('file_name_has_path', undefined, { [field]: 'file_name_has_path_field' });
  if (name.length > 200) throw badRequest('file_name_too_long', undefined, { [field]: 'file_name_too_long_field' });
  if (file.bytes.length === 0) throw badRequest(w.empty, undefined, { [field]: 'file_empty_field' });
  const kind = fileKind(file.bytes);
  if (!kind) throw badRequest(w.wrongType, undefined, { [field]: w.wrongTypeField });
  const damaged = () =>
    badRequest(kind === 'pdf' ? w.pdfDamaged : w.imageDamaged, { [field]: 'file_unreadable_field' });
  if (kind === 'pdf') {
    if (!pdfLooksComplete(file.bytes)) throw damaged();
  } else {
    const { default: sharp } = await import('sharp'); // on first use: most starts never need it
    const meta = await sharp(file.bytes)
      .metadata()
      .catch(() => null);
    const expected = { jpg: 'jpeg', png: 'png', webp: 'webp' }[kind];
    if (!meta || meta.format !== expected || !meta.width || !meta.height) throw damaged();
  }
  return { bytes: file.bytes, kind, name: name || `document.${kind}` };
}
