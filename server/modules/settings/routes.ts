import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { settingsSchema } from '../../../src/common/settings.js';
import { audit } from '../audit/service.js';

export async function settingsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, settings } = app.ctx;

  r.get('/api/settings/public', { config: { public: true }, schema: { tags: ['settings'], summary: 'Site name, timezone, language, currency' } }, async () => {
    const s = await settings.get();
    return { ok: true, settings: { siteName: s.siteName, timezone: s.timezone, language: s.language, currency: s.currency } };
  });

  r.get('/api/settings', { config: { capability: 'settings.manage' }, schema: { tags: ['settings'] } }, async () => ({ ok: true, settings: await settings.get() }));

  r.put('/api/settings', {
    config: { capability: 'settings.manage' },
    schema: { tags: ['settings'], body: settingsSchema.partial() },
  }, async (req) => {
    const saved = await db.transaction(async (tx) => {
      const next = await settings.save(tx, req.body);
      await audit(tx, req.user, 'settings.update', 'settings', null, req.body);
      return next;
    });
    return { ok: true, settings: saved };
  });

  r.post('/api/settings/reset', { config: { capability: 'settings.manage' }, schema: { tags: ['settings'] } }, async (req) => {
    const saved = await db.transaction(async (tx) => {
      const next = await settings.reset(tx);
      await audit(tx, req.user, 'settings.reset', 'settings', null, null);
      return next;
    });
    return { ok: true, settings: saved };
  });
}
