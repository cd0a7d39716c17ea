import type { FastifyInstance } from 'fastify';
import { dashboardStats } from './service.js';

export async function dashboardRoutes(app: FastifyInstance) {
  app.get('/api/dashboard/stats', { config: { capability: 'backoffice.read' }, schema: { tags: ['dashboard'], summary: 'Figures and alerts for the dashboard' } },
    async () => ({ ok: true, ...(await dashboardStats(app.ctx.db)) }));
}
