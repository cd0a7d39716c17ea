import { healthAnswer, readyAnswer } from '../../../src/common/health.schemas.js';
import { PUBLIC } from '../../lib/access.js';
import { defineRoutes } from '../../lib/routes.js';
import { readiness } from './service.js';

export default defineRoutes('health', (r, ctx) => {
  // Liveness: the process answers. Nothing else is asked, so a database away does not get the process restarted.
  r.get(
    '/api/health',
    { config: PUBLIC, schema: { response: { 200: healthAnswer }, summary: 'Liveness: the process answers' } },
    async () => ({ ok: true, db: ctx.database.kind }),
  );
  r.get(
    '/api/ready',
    {
      config: PUBLIC,
      schema: {
        response: { 200: readyAnswer },
        summary:
          'Readiness: serving (not starting or stopping), the database answers and is migrated, the chain answers when connected; 503 with the reason otherwise',
      },
    },
    async () => readiness(ctx),
  );
});
