import type { FastifyRequest } from 'fastify';
import { badRequest } from '../../lib/errors.js';
import { readUpload } from '../../lib/uploads.js';

const howToSend = 'Send the image as multipart/form-data with one file field.';

/** The one file of a multipart request, whole in memory (at most the multipart limit); refusals as sentences. */
export async function readImageUpload(req: FastifyRequest): Promise<Buffer> {
  const { files } = await readUpload(req, { howToSend, tooLarge: 'The image can be at most 5 MB.', field: 'image' });
  if (!files[0]) throw badRequest(`No file was sent. ${howToSend}`, { image: 'Choose an image file.' });
  return files[0].bytes;
}
