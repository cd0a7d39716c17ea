/** What GET /api/health and GET /api/ready answer. */
import { z } from 'zod';
import { okWith } from './answers.schemas.js';

const dbKind = z.enum(['pglite', 'postgres']).describe('The kind of database the server runs on');

export const healthAnswer = okWith({ db: dbKind });

export const readyAnswer = okWith({
  db: dbKind,
  checks: z.object({
    database: z.enum(['ok']).describe('The database answered'),
    migrations: z.enum(['ok']).describe('Every migration of this build is applied'),
    chain: z.enum(['ok', 'off']).describe('The chain answered; `off` when this process has no chain connected'),
  }),
});
export type ReadyAnswer = z.infer<typeof readyAnswer>;
