import type { FastifyRequest } from 'fastify';
import { AppError, badRequest } from '../../lib/errors.js';

const sendAsFile = 'Send the image as multipart/form-data with one file field.';

/** The one file of a multipart request, whole in memory (at most the multipart limit); refusals as sentences. */
export async function readImageUpload(req: FastifyRequest): Promise<Buffer> {
  if (!req.isMultipart()) throw new AppError(415, sendAsFile, 'unsupported_media_type');
  try {
    const file = await req.file();
    if (!file) throw badRequest(`No file was sent. ${sendAsFile}`, { image: 'Choose an image file.' });
    return await file.toBuffer();
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError(413, 'The image can be at most 5 MB.', 'file_too_large', { image: 'At most 5 MB.' });
    }
    if (err instanceof AppError) throw err;
    throw badRequest(`The upload could not be read. ${sendAsFile}`, { image: 'The upload could not be read.' });
  }
}
