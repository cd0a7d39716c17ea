import { debugEnvAnswer } from '../../../src/common/debug.schemas.js';
import { defineRoutes } from '../../lib/routes.js';
import { debugAccess } from './policy.js';
import { presentConfig } from './present.js';

export default defineRoutes('debug', (r, { config }) => {
  r.get(
    '/api/debug/env',
    {
      config: debugAccess.env,
      schema: {
        response: { 200: debugEnvAnswer },
        summary: 'The effective configuration, every secret redacted (admin)',
      },
    },
    async () => ({ ok: true, env: presentConfig(config) }),
  );
});
