/** The user domain's vocabulary (roles live with the capability table in capabilities.ts). */
import { z } from 'zod';
import { text } from './text.js';

export const USER_STATUSES = ['active', 'inactive', 'suspended'] as const;
export const KYC_STATUSES = ['verified', 'pending', 'rejected', 'approved'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

export const loginBody = z.object({
  email: text('Email', { max: 254 }).email('Email must be a valid email address.'),
  password: text('Password', { max: 1024, trim: false }),
});

/** The logged-in user as the API answers it (login and /api/auth/me). */
export type SessionUser = { id: string; email: string; name: string; role: string };
