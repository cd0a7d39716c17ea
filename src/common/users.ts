/** The user domain's vocabulary (roles live with the capability table in capabilities.ts). */

export const USER_STATUSES = ['active', 'inactive', 'suspended'] as const;
export const KYC_STATUSES = ['verified', 'pending', 'rejected', 'approved'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

/** The logged-in user as the API answers it (login and /api/auth/me). */
export type SessionUser = { id: string; email: string; name: string; role: string };
