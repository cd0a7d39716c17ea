import type { Role } from '../../../src/common/capabilities.js';
import type { LoginSuccess } from '../../../src/common/two-factor.js';
import type { SessionUser } from '../../../src/common/users.js';

type Named = { name: string | null; firstName: string | null; lastName: string | null; email: string };

/** The user's display name: the name, or first plus last name, or else the email. */
export const displayName = (u: Named) =>
  u.name?.trim() || [u.firstName, u.lastName].filter(Boolean).join(' ').trim() || u.email;

/** The logged-in user as login and /api/auth/me answer it (`name` already as displayName gives it). */
export const presentSessionUser = (u: { id: string; email: string; name: string; role: string }): SessionUser => ({
  id: u.id,
  email: u.email,
  name: u.name,
  role: u.role as Role,
});

/** An opened session as a login (and a confirmed sign-up) answers it. */
export const presentSession = (outcome: Pick<LoginSuccess, 'token' | 'user' | 'restriction'>): LoginSuccess => ({
  ok: true,
  token: outcome.token,
  accessToken: outcome.token,
  user: outcome.user,
  restriction: outcome.restriction,
});
