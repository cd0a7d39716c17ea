import type { Role } from '../../../src/common/capabilities.js';
import { kycStatusOf, userStatusOf, type User, type UserSessionInfo } from '../../../src/common/users.js';
import type { sessions, users } from '../../db/schema.js';
import { csvColumns, csvExport } from '../../lib/csv.js';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The users list's CSV (GET /api/users/export.csv): no password hash, no session. */
export const userCsv = csvExport(
  'users',
  csvColumns<User>({
    id: 'text',
    email: 'text',
    name: 'text',
    firstName: 'text',
    lastName: 'text',
    phone: 'text',
    role: 'text',
    status: 'text',
    kycStatus: 'text',
    lockedUntil: 'date',
    lastLogin: 'date',
    createdAt: 'date',
    updatedAt: 'date',
  }),
);

/** A user row as the API answers it: never its password hash, referral secrets or lockout counters' internals. */
export function presentUser(u: typeof users.$inferSelect, now = new Date()): User {
  const status = userStatusOf(u.status);
  return {
    id: u.id,
    email: u.email,
    name: u.name,
    firstName: u.firstName,
    lastName: u.lastName,
    phone: u.phone,
    role: u.role as Role,
    status,
    isActive: status === 'active',
    kycStatus: kycStatusOf(u.kycStatus),
    lockedUntil: u.lockedUntil && u.lockedUntil > now ? u.lockedUntil.toISOString() : null,
    twoFactorEnabled: u.totpSecret !== null,
    mustChangePassword: u.mustChangePassword,
    lastLogin: iso(u.lastLogin),
    createdAt: u.createdAt.toISOString(),
    updatedAt: u.updatedAt.toISOString(),
  };
}

export const presentSession = (s: typeof sessions.$inferSelect): UserSessionInfo => ({
  id: s.id,
  createdAt: s.createdAt.toISOString(),
  lastSeenAt: s.lastSeenAt.toISOString(),
  userAgent: s.userAgent,
  ip: s.ip,
});
