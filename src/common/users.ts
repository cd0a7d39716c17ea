/** The user domain's vocabulary (roles live with the capability table in capabilities.ts) and its API shapes. */
import type { Role } from './capabilities.js';
import { enumReader } from './list.js';

export const USER_STATUSES = ['active', 'inactive', 'suspended'] as const;
export const KYC_STATUSES = ['verified', 'pending', 'rejected', 'approved'] as const;
export const USER_SORTS = ['createdAt', 'email', 'name', 'lastLogin', 'role'] as const;
/** Fewest characters of a shopper's password at sign-up (an admin's, from create-admin, needs 12). */
export const MIN_PASSWORD_LENGTH = 10;

export type UserStatus = (typeof USER_STATUSES)[number];
export type KycStatus = (typeof KYC_STATUSES)[number];
export const userStatusOf = enumReader(USER_STATUSES, 'active');
export const kycStatusOf = enumReader(KYC_STATUSES, 'pending');

/** The logged-in user as the API answers it (login and /api/auth/me). */
export type SessionUser = { id: string; email: string; name: string; role: Role };

/** A user as the users API answers it. */
export type User = {
  id: string;
  email: string;
  name: string | null;
  firstName: string | null;
  lastName: string | null;
  phone: string | null;
  role: Role;
  status: UserStatus;
  isActive: boolean;
  kycStatus: KycStatus;
  /** An address is locked out of this account after too many failed logins, until this time (the latest such lock). */
  lockedUntil: string | null;
  /** Logs in with a TOTP code as well as the password. */
  twoFactorEnabled: boolean;
  /** An admin reset the password: the next session must change it before anything else. */
  mustChangePassword: boolean;
  lastLogin: string | null;
  createdAt: string;
  updatedAt: string;
};

/** GET /api/users' stat cards: every user, the active ones, the verified ones. */
export type UserStats = { total: number; active: number; verified: number };

export type UserSessionInfo = {
  id: string;
  createdAt: string;
  lastSeenAt: string;
  userAgent: string | null;
  ip: string | null;
};

/** The recent failed logins of an account from one address, and that address's lock. */
export type LoginFailureInfo = { ip: string; failures: number; lastFailedAt: string; lockedUntil: string | null };

/** GET /api/users/{id}: the user with their orders count and open sessions. */
export type UserDetail = User & {
  /** failedLoginCount: failed logins from any address since the last successful one. */
  ordersCount: number;
  failedLoginCount: number;
  sessions: UserSessionInfo[];
  loginFailures: LoginFailureInfo[];
  /** When 2FA was turned on, and how many unused recovery codes are left (0 without 2FA). */
  twoFactorEnabledAt: string | null;
  recoveryCodesLeft: number;
};

/** A one-time set-password link (`{siteUrl}/set-password?token=…`), answered to the admin once and emailed to the user. */
export type SetPasswordLink = { url: string; expiresAt: string };

/** How an admin gives a user their password: a temporary one they pass on, or a one-time link the user follows. */
export const PASSWORD_SETUPS = ['password', 'link'] as const;
export const RESET_METHODS = ['temporary', 'link'] as const;
/** What a set-password link is for: a new user's invitation, or a reset. */
export const PASSWORD_LINK_PURPOSES = ['invite', 'reset'] as const;
/** The command-line tools that write a user's audit entry (`via`): `npm run create-admin`. */
export const USER_TOOLS = ['create-admin'] as const;

/** POST /api/users/{id}/reset-password: the temporary password or the set-password link, shown this once. */
export type PasswordReset = { user: User } & (
  | { temporaryPassword: string; setPasswordLink?: never }
  | { setPasswordLink: SetPasswordLink; temporaryPassword?: never }
);

/** POST /api/users: the new user and, when asked for, their set-password link (shown this once). */
export type UserCreated = { user: User; setPasswordLink: SetPasswordLink | null };

/** DELETE /api/users/{id}: a user with records is deactivated rather than erased, and the answer says which. */
export const REMOVAL_OUTCOMES = ['deleted', 'deactivated'] as const;
export type UserRemoval = { outcome: (typeof REMOVAL_OUTCOMES)[number]; message: string; user: User | null };
