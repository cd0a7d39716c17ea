import { dashboardAnswer } from '../../../src/common/dashboard.schemas.js';
import { defineRoutes } from '../../lib/routes.js';
import { dashboardAccess as access } from './policy.js';
import { dashboardStats } from './service.js';

export default defineRoutes('dashboard', (r, { db }) => {
  r.get(
    '/api/dashboard/stats',
    {
      config: access.read,
      schema: { response: { 200: dashboardAnswer }, summary: 'Figures and alerts for the dashboard' },
    },
    async () => ({ ok: true, ...(await dashboardStats(db)) }),
  );
});
