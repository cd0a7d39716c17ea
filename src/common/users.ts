/** The user domain's vocabulary (roles live with the capability table in capabilities.ts). */

export const USER_STATUSES = ['active', 'inactive', 'suspended'] as const;
export const KYC_STATUSES = ['verified', 'pending', 'rejected', 'approved'] as const;
/** Fewest characters of a shopper's password at sign-up (an admin's, from create-admin, needs 12). */
export const MIN_PASSWORD_LENGTH = 10;

export type UserStatus = (typeof USER_STATUSES)[number];

/** The logged-in user as the API answers it (login and /api/auth/me). */
export type SessionUser = { id: string; email: string; name: string; role: string };
