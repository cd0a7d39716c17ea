import { systemAnswer } from '../../../src/common/system.schemas.js';
import { allow } from '../../lib/access.js';
import { defineRoutes } from '../../lib/routes.js';
import { queueReader } from '../metrics/queues.js';
import { systemStatus } from './service.js';

export default defineRoutes('system', (r, ctx) => {
  const read = queueReader(ctx.db);
  r.get(
    '/api/system',
    {
      config: allow('settings.manage'),
      schema: {
        response: { 200: systemAnswer },
        summary:
          "This process, the database, chain, Redis and SMTP, each background loop's last run and errors, and each queue's depth and oldest age (admins)",
      },
    },
    async () => ({ ok: true, ...(await systemStatus(ctx, read)) }),
  );
});
