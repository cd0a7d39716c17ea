/** What GET /api/health answers. */
import { z } from 'zod';
import { okWith } from './answers.schemas.js';

export const healthAnswer = okWith({
  db: z.enum(['pglite', 'postgres']).describe('The kind of database the server runs on'),
});
