import { okAnswer } from '../../../src/common/answers.schemas.js';
import { idParams } from '../../../src/common/list.schemas.js';
import {
  deliveryParams,
  webhookBody,
  webhookDeliveryOne,
  webhookList,
  webhookLog,
  webhookLogQuery,
  webhookOne,
  webhookPatch,
  webhookWithSecret,
} from '../../../src/common/webhooks.schemas.js';
import { SecretBox } from '../../lib/secret-box.js';
import { defineRoutes } from '../../lib/routes.js';
import { webhookAccess as access } from './policy.js';
import {
  createWebhook,
  deleteWebhook,
  deliveryLog,
  getWebhook,
  listWebhooks,
  replayDelivery,
  rotateSecret,
  sendTestEvent,
  updateWebhook,
} from './service.js';

/**
 * A body may be far larger than the 1 MB every other route takes, so that an oversized field (a 10 MB description)
 * is refused with its field's sentence (400) like any other bad input, rather than as a body too large.
 */
const BODY_LIMIT = 16 * 1_048_576;

export default defineRoutes('webhooks', (r, { db, config }) => {
  const deps = { db, box: new SecretBox(config.totpEncryptionKey), allowInsecure: config.webhooks.allowInsecure };

  r.get(
    '/api/webhooks',
    { config: access.read, schema: { response: { 200: webhookList }, summary: 'Webhook endpoints (admins)' } },
    async () => ({ ok: true, ...(await listWebhooks(db)) }),
  );

  r.get(
    '/api/webhooks/:id',
    { config: access.read, schema: { params: idParams, response: { 200: webhookOne }, summary: 'A webhook endpoint' } },
    async (req) => ({ ok: true, webhook: await getWebhook(db, req.params.id) }),
  );

  r.post(
    '/api/webhooks',
    {
      config: access.write,
      bodyLimit: BODY_LIMIT,
      schema: {
        body: webhookBody,
        response: { 201: webhookWithSecret },
        summary: 'Register an endpoint: https only, public addresses only; answers its signing secret this once',
      },
    },
    async (req, reply) => reply.status(201).send({ ok: true, ...(await createWebhook(deps, req.body, req.user)) }),
  );

  r.put(
    '/api/webhooks/:id',
    {
      config: access.write,
      bodyLimit: BODY_LIMIT,
      schema: {
        params: idParams,
        body: webhookPatch,
        response: { 200: webhookOne },
        summary: 'Change an endpoint (turning it on again forgets its failures)',
      },
    },
    async (req) => ({ ok: true, webhook: await updateWebhook(deps, req.params.id, req.body, req.user) }),
  );

  r.delete(
    '/api/webhooks/:id',
    { config: access.write, schema: { params: idParams, response: { 200: okAnswer }, summary: 'Delete an endpoint' } },
    async (req) => {
      await deleteWebhook(db, req.params.id, req.user);
      return { ok: true };
    },
  );

  r.post(
    '/api/webhooks/:id/rotate',
    {
      config: access.write,
      schema: {
        params: idParams,
        response: { 200: webhookWithSecret },
        summary: 'A new signing secret, answered this once; the old one still signs beside it for 24 hours',
      },
    },
    async (req) => ({ ok: true, ...(await rotateSecret(deps, req.params.id, req.user)) }),
  );

  r.get(
    '/api/webhooks/:id/deliveries',
    {
      config: access.read,
      schema: {
        params: idParams,
        querystring: webhookLogQuery,
        response: { 200: webhookLog },
        summary: 'The delivery log: the latest deliveries and each attempt’s status, duration, time and answer',
      },
    },
    async (req) => ({ ok: true, ...(await deliveryLog(db, req.params.id, req.query.limit)) }),
  );

  r.post(
    '/api/webhooks/:id/deliveries/:deliveryId/replay',
    {
      config: access.write,
      schema: {
        params: deliveryParams,
        response: { 200: webhookDeliveryOne },
        summary: 'Send a delivery’s event again (same message id), as a new delivery',
      },
    },
    async (req) => ({
      ok: true,
      delivery: await replayDelivery(db, req.params.id, req.params.deliveryId, req.user),
    }),
  );

  r.post(
    '/api/webhooks/:id/test',
    {
      config: access.write,
      schema: { params: idParams, response: { 200: webhookDeliveryOne }, summary: 'Send a `webhook.test` event' },
    },
    async (req) => ({ ok: true, delivery: await sendTestEvent(db, req.params.id, req.user) }),
  );
});
