import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';

export async function healthRoutes(app: FastifyInstance) {
  app.get('/api/health', { config: { public: true }, schema: { tags: ['health'], summary: 'Liveness and database kind' } }, async () => {
    await app.ctx.db.execute(sql`select 1`);
    return { ok: true, db: app.ctx.database.kind };
  });
}
