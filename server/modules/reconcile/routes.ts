import { reconciliationAnswer } from '../../../src/common/reconcile.schemas.js';
import { allow } from '../../lib/access.js';
import { defineRoutes } from '../../lib/routes.js';
import { reconcile } from './service.js';

export default defineRoutes('reconcile', (r, ctx) => {
  const { db } = ctx;
  r.get(
    '/api/reconcile',
    {
      config: allow('settings.manage'),
      schema: {
        response: { 200: reconciliationAnswer },
        summary:
          'Check that commissions, clawbacks and payouts add up, and indexed token balances equal balanceOf (admins)',
      },
    },
    async () => ({ ok: true, reconciliation: await reconcile(db, ctx.chain?.chain ?? null) }),
  );
});
