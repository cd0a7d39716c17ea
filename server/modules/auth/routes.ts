import type { LoginChallenge, LoginSuccess } from '../../../src/common/two-factor.js';
import { okAnswer } from '../../../src/common/answers.schemas.js';
import {
  loginAnswer,
  passwordSetAnswer,
  sessionAnswer,
  twoFactorAnswer,
  twoFactorEnabledAnswer,
  twoFactorSetupAnswer,
} from '../../../src/common/auth.schemas.js';
import {
  loginBody,
  loginTwoFactorBody,
  passwordChangeBody,
  setPasswordBody,
  twoFactorCodeBody,
  twoFactorDisableBody,
} from '../../../src/common/users.schemas.js';
import { PUBLIC } from '../../lib/access.js';
import { unauthorized } from '../../lib/errors.js';
import { defineRoutes } from '../../lib/routes.js';
import { SecretBox } from '../../lib/secret-box.js';
import { disableTwoFactor, enableTwoFactor, setupTwoFactor, twoFactorStatus } from './enrolment.js';
import { changeOwnPassword } from './password.js';
import { setPasswordWithLink } from './password-links.js';
import { authAccess } from './policy.js';
import { presentSession, presentSessionUser } from './present.js';
import { authenticate, bearer, login, logout, verifyLoginChallenge, type LoginOutcome } from './service.js';

const TWO_FACTOR_STEP = 'Enter the 6-digit code from your authenticator app, or a recovery code.';

function answer(outcome: LoginOutcome): LoginSuccess | LoginChallenge {
  if (outcome.kind === 'challenge') {
    return {
      ok: false,
      twoFactorRequired: true,
      challenge: outcome.challenge,
      expiresAt: outcome.expiresAt.toISOString(),
      error: TWO_FACTOR_STEP,
    };
  }
  return presentSession(outcome);
}

export default defineRoutes('auth', (r, { db, settings, config }) => {
  const box = new SecretBox(config.totpEncryptionKey);
  const loginLimit = { rateLimit: { max: config.loginRateLimitMax, timeWindow: '1 minute' } };

  r.post(
    '/api/admin/auth/login',
    {
      schema: {
        body: loginBody,
        response: { 200: loginAnswer },
        summary: 'Log in with email and password (an account with 2FA answers a challenge for the second step)',
      },
      config: { ...PUBLIC, ...loginLimit, refuses: [401, 403] },
    },
    async (req) => answer(await login(db, settings, { ...req.body, ip: req.ip, userAgent: req.headers['user-agent'] })),
  );

  r.post(
    '/api/admin/auth/login/2fa',
    {
      schema: {
        body: loginTwoFactorBody,
        response: { 200: loginAnswer },
        summary: 'The second step of a login with 2FA: the challenge and a 6-digit code or a recovery code',
      },
      config: { ...PUBLIC, ...loginLimit, refuses: [401, 403] },
    },
    async (req) =>
      answer(
        await verifyLoginChallenge(db, settings, box, {
          ...req.body,
          ip: req.ip,
          userAgent: req.headers['user-agent'],
        }),
      ),
  );

  r.post(
    '/api/admin/auth/logout',
    { schema: { response: { 200: okAnswer }, summary: 'Revoke the current session' }, config: PUBLIC },
    async (req) => {
      // Logging out with an expired or unknown token still succeeds: the caller ends up logged out either way.
      const token = bearer(req.headers.authorization);
      if (token) {
        try {
          const user = await authenticate(db, settings, token);
          await logout(db, user.sessionId);
        } catch {
          /* already invalid */
        }
      }
      return { ok: true };
    },
  );

  const anyRestriction = ['password_change', 'two_factor_enrolment'] as const;
  const enrolling = { ...authAccess.self, allowDuring: ['two_factor_enrolment'] as const };

  r.get(
    '/api/auth/me',
    {
      schema: { response: { 200: sessionAnswer }, summary: 'The logged-in user, and what their session must do first' },
      config: { ...authAccess.self, allowDuring: anyRestriction },
    },
    async (req) => {
      if (!req.user) throw unauthorized();
      return { ok: true, user: presentSessionUser(req.user), restriction: req.user.restriction };
    },
  );

  r.post(
    '/api/auth/password',
    {
      schema: {
        body: passwordChangeBody,
        response: { 200: okAnswer },
        summary: "Change one's own password (the other sessions end)",
      },
      config: { ...authAccess.self, allowDuring: ['password_change'] as const, ...loginLimit, refuses: [422] },
    },
    async (req) => {
      await changeOwnPassword(db, settings, req.user!, req.body);
      return { ok: true };
    },
  );

  r.post(
    '/api/auth/set-password',
    {
      schema: {
        body: setPasswordBody,
        response: { 200: passwordSetAnswer },
        summary:
          "Set one's password with a one-time set-password link's token (no login; every session of that user ends)",
      },
      config: { ...PUBLIC, ...loginLimit, refuses: [410] },
    },
    async (req) => ({ ok: true, ...(await setPasswordWithLink(db, { ...req.body, ip: req.ip })) }),
  );

  r.get(
    '/api/auth/2fa',
    { schema: { response: { 200: twoFactorAnswer }, summary: "The caller's two-factor state" }, config: enrolling },
    async (req) => ({ ok: true, twoFactor: await twoFactorStatus(db, settings, req.user!) }),
  );

  r.post(
    '/api/auth/2fa/setup',
    {
      schema: {
        response: { 200: twoFactorSetupAnswer },
        summary: 'A new TOTP secret and its QR code, pending until confirmed',
      },
      config: { ...enrolling, refuses: [409] },
    },
    async (req) => ({ ok: true, ...(await setupTwoFactor(db, settings, box, req.user!)) }),
  );

  r.post(
    '/api/auth/2fa/enable',
    {
      schema: {
        body: twoFactorCodeBody,
        response: { 200: twoFactorEnabledAnswer },
        summary: 'Confirm the pending secret with a current code; answers the recovery codes once',
      },
      config: { ...enrolling, ...loginLimit, refuses: [409, 422] },
    },
    async (req) => ({ ok: true, ...(await enableTwoFactor(db, settings, box, req.user!, req.body.code)) }),
  );

  r.post(
    '/api/auth/2fa/disable',
    {
      schema: {
        body: twoFactorDisableBody,
        response: { 200: twoFactorAnswer },
        summary: "Turn one's own 2FA off with the password and a current code or a recovery code",
      },
      config: { ...authAccess.self, ...loginLimit, refuses: [409, 422] },
    },
    async (req) => ({ ok: true, twoFactor: await disableTwoFactor(db, settings, box, req.user!, req.body) }),
  );
});
