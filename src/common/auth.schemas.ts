/** What the login, session and own-account routes answer (what they take is in users.schemas.ts). */
import { z } from 'zod';
import { ROLES } from './capabilities.js';
import { answerText, instant, nullableInstant, okWith } from './answers.schemas.js';
import {
  RESTRICTIONS,
  type LoginChallenge,
  type LoginSuccess,
  type TwoFactorEnabled,
  type TwoFactorSetup,
  type TwoFactorStatus,
} from './two-factor.js';
import type { SessionUser } from './users.js';

/** The logged-in user (`SessionUser`, server/modules/auth/present.ts). */
export const sessionUserAnswer = z.object({
  id: answerText,
  email: answerText,
  name: answerText.describe('The display name: the name, else first and last name, else the email'),
  role: z.enum(ROLES),
}) satisfies z.ZodType<SessionUser>;

const restriction = z
  .enum(RESTRICTIONS)
  .nullable()
  .describe('What the session must do before anything else; null: nothing');

export const loginSuccessAnswer = z.object({
  ok: z.literal(true),
  token: answerText.describe('The bearer token'),
  accessToken: answerText.describe('The token again'),
  user: sessionUserAnswer,
  restriction,
}) satisfies z.ZodType<LoginSuccess>;

export const loginChallengeAnswer = z.object({
  ok: z.literal(false),
  twoFactorRequired: z.literal(true),
  challenge: answerText.describe('Send it with a code to POST /api/admin/auth/login/2fa'),
  expiresAt: instant,
  error: answerText.describe('The sentence asking for the code'),
}) satisfies z.ZodType<LoginChallenge>;

/** A login's answer: the session, or (an account with 2FA, after its password) the challenge for the second step. */
export const loginAnswer = z.union([loginSuccessAnswer, loginChallengeAnswer]);

export const sessionAnswer = okWith({ user: sessionUserAnswer, restriction });

export const passwordSetAnswer = okWith({ email: answerText.describe('Whose password was set') });

const twoFactorStatusAnswer = z.object({
  enabled: z.boolean(),
  enabledAt: nullableInstant,
  recoveryCodesLeft: z.number().int(),
  required: z.boolean().describe('The settings require staff to use 2FA'),
}) satisfies z.ZodType<TwoFactorStatus>;

export const twoFactorAnswer = okWith({ twoFactor: twoFactorStatusAnswer });

const twoFactorSetup = z.object({
  secret: answerText,
  otpauthUrl: answerText,
  qrCode: answerText.describe('The otpauth URL as a PNG data URL'),
}) satisfies z.ZodType<TwoFactorSetup>;
export const twoFactorSetupAnswer = okWith(twoFactorSetup.shape);

const twoFactorEnabled = z.object({
  recoveryCodes: z.array(answerText).describe('Shown this once'),
}) satisfies z.ZodType<TwoFactorEnabled>;
export const twoFactorEnabledAnswer = okWith(twoFactorEnabled.shape);
