import { settingsSchema } from '../../../src/common/settings.js';
import { publicSettingsOne, settingsOne } from '../../../src/common/settings.schemas.js';
import { tokenOfChain } from '../../chain/client.js';
import { PUBLIC } from '../../lib/access.js';
import { conflict } from '../../lib/errors.js';
import { defineRoutes } from '../../lib/routes.js';
import { changes } from '../audit/changes.js';
import { audit } from '../audit/service.js';
import { settingsAccess as access } from './policy.js';
import { presentPublicSettings } from './present.js';
import { locksOutActor } from './two-factor-switch.js';

export default defineRoutes('settings', (r, { db, settings, config }) => {
  r.get(
    '/api/settings/public',
    {
      config: PUBLIC,
      schema: {
        response: { 200: publicSettingsOne },
        summary:
          'Site name, timezone, language, currency, the unit of crypto prices, and the chain and contract tokens are minted on',
      },
    },
    async () => ({ ok: true, settings: presentPublicSettings(await settings.get(), tokenOfChain(config.chain)) }),
  );

  r.get(
    '/api/settings',
    { config: access.read, schema: { response: { 200: settingsOne }, summary: 'Every setting' } },
    async () => ({ ok: true, settings: await settings.get() }),
  );

  r.put(
    '/api/settings',
    {
      config: { ...access.write, refuses: [409] },
      schema: {
        body: settingsSchema.partial(),
        response: { 200: settingsOne },
        summary: 'Change some settings (the others keep their values)',
      },
    },
    async (req) => {
      const saved = await db.transaction(async (tx) => {
        const before = await settings.get(tx);
        if (await locksOutActor(tx, before, req.body.twoFactorAuth, req.user?.id))
          throw conflict('two_factor_enrol_first');
        const next = await settings.save(tx, req.body);
        const given: Partial<typeof next> = Object.fromEntries(
          Object.keys(req.body).map((key) => [key, next[key as keyof typeof next]]),
        );
        await audit(tx, req.user, 'settings.update', 'settings', null, changes(before, given));
        return next;
      });
      return { ok: true, settings: saved };
    },
  );

  r.post(
    '/api/settings/reset',
    {
      config: access.write,
      schema: { response: { 200: settingsOne }, summary: 'Put every setting back to its default' },
    },
    async (req) => {
      const saved = await db.transaction(async (tx) => {
        const before = await settings.get(tx);
        let next = await settings.reset(tx);
        if (await locksOutActor(tx, before, next.twoFactorAuth, req.user?.id))
          next = await settings.save(tx, { twoFactorAuth: false });
        await audit(tx, req.user, 'settings.reset', 'settings', null, null);
        return next;
      });
      return { ok: true, settings: saved };
    },
  );
});
