import { hostedPaymentParams, sandboxConfirmBody } from '../../../src/common/checkout.schemas.js';
import { defineRoutes } from '../../lib/routes.js';
import { paymentAccess as access } from './policy.js';
import { confirmHostedPayment, getHostedPayment } from './service.js';

export default defineRoutes('payments', (r, { db, settings, providers }) => {
  r.get('/api/payments/sandbox/:paymentId', { config: access.hosted, schema: { params: hostedPaymentParams, summary: 'What the sandbox’s hosted card page shows' } }, async (req) =>
    ({ ok: true, payment: await getHostedPayment(db, 'sandbox', req.params.paymentId, (await settings.get()).siteName) }));

  r.post('/api/payments/sandbox/:paymentId/confirm', {
    config: access.hosted, schema: { params: hostedPaymentParams, body: sandboxConfirmBody, summary: 'Pay a sandbox payment with a test card' },
  }, async (req) => {
    const sandbox = providers.get('sandbox');
    return { ok: true, ...(await confirmHostedPayment(db, sandbox, req.params.paymentId, req.body, (await settings.get()).siteName)) };
  });
});
