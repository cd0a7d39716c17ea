import type { FastifyRequest } from 'fastify';
import { badRequest, say, sentenceOf } from '../../lib/errors.js';
import { readUpload } from '../../lib/uploads.js';

const howToSend = say('image_how_to_send');

/** The one file of a multipart request, whole in memory (at most the multipart limit); refusals as sentences. */
export async function readImageUpload(req: FastifyRequest): Promise<Buffer> {
  const { files } = await readUpload(req, { howToSend, tooLarge: say('image_too_large'), field: 'image' });
  if (!files[0])
    throw badRequest('image_no_file', { howToSend: sentenceOf(howToSend) }, { image: 'image_choose_file' });
  return files[0].bytes;
}
