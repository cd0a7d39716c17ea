/** What logging in and the users routes take. */
import { z } from 'zod';
import { ROLES } from './capabilities.js';
import { listQueryOf } from './list.schemas.js';
import { optionalText, text } from './text.js';
import { answerText, instant, listTotal, nullableInstant, okWith } from './answers.schemas.js';
import {
  KYC_STATUSES,
  MIN_PASSWORD_LENGTH,
  PASSWORD_SETUPS,
  REMOVAL_OUTCOMES,
  RESET_METHODS,
  USER_SORTS,
  USER_STATUSES,
  type LoginFailureInfo,
  type SetPasswordLink,
  type User,
  type UserDetail,
  type UserSessionInfo,
  type UserStats,
} from './users.js';

export const loginBody = z.object({
  email: text('Email', { max: 254 }).email('Email must be a valid email address.'),
  password: text('Password', { max: 1024, trim: false }),
});

const email = text('Email', { max: 254 }).email('Email must be a valid email address.');

const fields = {
  email,
  name: optionalText('Name', 120),
  firstName: optionalText('First name', 80),
  lastName: optionalText('Last name', 80),
  phone: optionalText('Phone', 40).refine(
    (v) => v === null || /^\+?[0-9 ()-]{5,40}$/.test(v),
    'Phone may use digits, spaces, ( ) - and a leading +.',
  ),
  role: z.enum(ROLES, { error: `Role must be one of ${ROLES.join(', ')}.` }),
  status: z.enum(USER_STATUSES, { error: `Status must be one of ${USER_STATUSES.join(', ')}.` }),
  kycStatus: z.enum(KYC_STATUSES, { error: `KYC status must be one of ${KYC_STATUSES.join(', ')}.` }),
};

const newPassword = (label: string) =>
  text(label, { max: 1024, trim: false }).min(
    MIN_PASSWORD_LENGTH,
    `${label} must be at least ${MIN_PASSWORD_LENGTH} characters.`,
  );

/** A new user gets an initial password, or (passwordSetup "link") a one-time set-password link and no password. */
export const userCreateBody = z
  .object({
    ...fields,
    role: fields.role.default('user'),
    status: fields.status.default('active'),
    kycStatus: fields.kycStatus.default('pending'),
    passwordSetup: z
      .enum(PASSWORD_SETUPS, { error: `Password setup must be one of ${PASSWORD_SETUPS.join(', ')}.` })
      .default('password'),
    password: newPassword('Password').optional(),
  })
  .superRefine((v, ctx) => {
    if (v.passwordSetup === 'password' && v.password === undefined)
      ctx.addIssue({
        code: 'custom',
        path: ['password'],
        message: 'Password is required (or choose a set-password link).',
      });
    if (v.passwordSetup === 'link' && v.password !== undefined)
      ctx.addIssue({
        code: 'custom',
        path: ['password'],
        message: 'Password must be left out when a set-password link is sent.',
      });
  });
export const userPatch = z.object(fields).partial();
export type UserCreateInput = z.infer<typeof userCreateBody>;
export type UserPatch = z.infer<typeof userPatch>;

export const userListQuery = listQueryOf(USER_STATUSES, USER_SORTS, 'createdAt').extend({
  role: z.enum(ROLES, { error: `role must be one of ${ROLES.join(', ')}.` }).optional(),
  kycStatus: z.enum(KYC_STATUSES, { error: `kycStatus must be one of ${KYC_STATUSES.join(', ')}.` }).optional(),
});
export type UserListQuery = z.infer<typeof userListQuery>;

/** A 6-digit code from the authenticator app, or a recovery code (spaces and dashes are ignored). */
const secondFactor = text('Code', { max: 40 });

export const loginTwoFactorBody = z.object({
  challenge: text('Challenge', { max: 200 }),
  code: secondFactor,
});
export const twoFactorCodeBody = z.object({ code: secondFactor });
/** Turning one's own 2FA off: the current password and a code (a stolen session alone cannot do it). */
export const twoFactorDisableBody = z.object({
  password: text('Password', { max: 1024, trim: false }),
  code: secondFactor,
});

export const passwordChangeBody = z.object({
  currentPassword: text('Current password', { max: 1024, trim: false }),
  newPassword: newPassword('New password'),
});
export type PasswordChangeInput = z.infer<typeof passwordChangeBody>;

/** An admin's reset: a temporary password (the default, also with no body) or a one-time set-password link. */
export const passwordResetBody = z
  .object({
    method: z.enum(RESET_METHODS, { error: `Method must be one of ${RESET_METHODS.join(', ')}.` }).default('temporary'),
  })
  .nullish();

/** POST /api/auth/set-password: the link's token and the new password (the same rule as everywhere). */
export const setPasswordBody = z.object({
  token: text('Token', { max: 200 }),
  password: newPassword('Password'),
});
export type SetPasswordInput = z.infer<typeof setPasswordBody>;

/** A user as the users routes answer it (`User`, server/modules/users/present.ts). */
export const userAnswer = z.object({
  id: answerText,
  email: answerText,
  name: answerText.nullable(),
  firstName: answerText.nullable(),
  lastName: answerText.nullable(),
  phone: answerText.nullable(),
  role: z.enum(ROLES),
  status: z.enum(USER_STATUSES),
  isActive: z.boolean().describe('status is active'),
  kycStatus: z.enum(KYC_STATUSES),
  lockedUntil: nullableInstant.describe(
    'An address is locked out of this account after failed logins until then (the latest such lock)',
  ),
  twoFactorEnabled: z.boolean(),
  mustChangePassword: z.boolean().describe('An admin reset the password: the next session must change it first'),
  lastLogin: nullableInstant,
  createdAt: instant,
  updatedAt: instant,
}) satisfies z.ZodType<User>;

const userSessionAnswer = z.object({
  id: answerText,
  createdAt: instant,
  lastSeenAt: instant,
  userAgent: answerText.nullable(),
  ip: answerText.nullable(),
}) satisfies z.ZodType<UserSessionInfo>;

const loginFailureAnswer = z.object({
  ip: answerText,
  failures: z.number().int(),
  lastFailedAt: instant,
  lockedUntil: nullableInstant,
}) satisfies z.ZodType<LoginFailureInfo>;

const userDetailAnswer = userAnswer.extend({
  ordersCount: z.number().int(),
  failedLoginCount: z.number().int().describe('Failed logins from any address since the last successful one'),
  sessions: z.array(userSessionAnswer).describe('The open sessions, most recently seen first'),
  loginFailures: z.array(loginFailureAnswer).describe('Recent failed logins by address, newest first'),
  twoFactorEnabledAt: nullableInstant,
  recoveryCodesLeft: z.number().int(),
}) satisfies z.ZodType<UserDetail>;

const setPasswordLinkAnswer = z.object({
  url: answerText.describe('The one-time set-password link, shown this once'),
  expiresAt: instant,
}) satisfies z.ZodType<SetPasswordLink>;

export const userOne = okWith({ user: userAnswer });
export const userDetailOne = okWith({ user: userDetailAnswer });
export const userPage = okWith({
  users: z.array(userAnswer),
  ...listTotal,
  stats: z
    .object({ total: z.number().int(), active: z.number().int(), verified: z.number().int() })
    .describe('Every user, the active ones, the KYC-verified ones') satisfies z.ZodType<UserStats>,
});
export const userCreatedAnswer = okWith({
  user: userAnswer,
  setPasswordLink: setPasswordLinkAnswer.nullable().describe('When asked for instead of a password'),
});
export const userRemovalAnswer = okWith({
  outcome: z.enum(REMOVAL_OUTCOMES).describe('A user with records is deactivated rather than erased'),
  message: answerText,
  user: userAnswer.nullable().describe('The deactivated user; null when deleted'),
});
export const passwordResetAnswer = okWith({
  user: userAnswer,
  temporaryPassword: answerText.optional().describe('The method temporary: the new password, shown this once'),
  setPasswordLink: setPasswordLinkAnswer.optional().describe('The method link'),
});
