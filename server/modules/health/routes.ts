import { sql } from 'drizzle-orm';
import { healthAnswer } from '../../../src/common/health.schemas.js';
import { PUBLIC } from '../../lib/access.js';
import { defineRoutes } from '../../lib/routes.js';

export default defineRoutes('health', (r, { db, database }) => {
  r.get(
    '/api/health',
    { config: PUBLIC, schema: { response: { 200: healthAnswer }, summary: 'Liveness and database kind' } },
    async () => {
      await db.execute(sql`select 1`);
      return { ok: true, db: database.kind };
    },
  );
});
