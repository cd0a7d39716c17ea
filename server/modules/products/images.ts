/**
 * Uploaded product images: the kind told from the file's first bytes (never from its name or declared type),
 * a generated file name, a 320-pixel WebP thumbnail, both kept under DATA_DIR/uploads and served from /uploads/.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { badRequest } from '../../lib/errors.js';
import { fileKind } from '../../lib/uploads.js';

export type ImageKind = 'jpg' | 'png' | 'webp';
export const UPLOADS_URL = '/uploads/';
const THUMB_PX = 320;

/** JPEG, PNG or WebP, from the bytes (server/lib/uploads.ts); null for anything else, a PDF included. */
export function imageKind(bytes: Uint8Array): ImageKind | null {
  const kind = fileKind(bytes);
  return kind === 'pdf' ? null : kind;
}

export type StoredImage = { image: string; imageThumb: string; files: string[] };

/** Checks and stores an image and its thumbnail; refuses anything that is not a readable JPEG, PNG or WebP. */
export async function storeImage(dir: string, bytes: Buffer): Promise<StoredImage> {
  const kind = imageKind(bytes);
  if (!kind) throw badRequest('image_type', undefined, { image: 'image_type_field' });
  const { default: sharp } = await import('sharp'); // on first use: most starts never need it
  const thumb = await sharp(bytes)
    .rotate()
    .resize(THUMB_PX, THUMB_PX, { fit: 'inside', withoutEnlargement: true })
    .webp()
    .toBuffer()
    .catch(() => {
      throw badRequest('image_damaged', undefined, { image: 'file_unreadable_field' });
    });
  const name = randomUUID();
  const files = [`${name}.${kind}`, `${name}.thumb.webp`];
  await fs.mkdir(dir, { recursive: true });
  await fs.writeFile(path.join(dir, files[0]!), bytes);
  await fs.writeFile(path.join(dir, files[1]!), thumb);
  return { image: UPLOADS_URL + files[0], imageThumb: UPLOADS_URL + files[1], files };
}

/** Removes uploaded files (those of a refused or replaced image); links elsewhere are left alone. */
export async function removeUploads(dir: string, urls: (string | null)[]) {
  for (const url of urls) {
    if (!url?.startsWith(UPLOADS_URL)) continue;
    const name = path.basename(url);
    await fs.rm(path.join(dir, name), { force: true });
  }
}
