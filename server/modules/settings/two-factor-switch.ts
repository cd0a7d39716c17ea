/**
 * "Require 2FA for all users" applies to open sessions at once, so an admin without 2FA who turned it on would
 * lock their own session (and every other admin's without 2FA) into enrolment. They enrol first; a reset to the
 * defaults (where it is on) leaves it off for them rather than being refused, so the other settings still reset.
 */
import { eq } from 'drizzle-orm';
import type { Settings } from '../../../src/common/settings.js';
import type { Queryable } from '../../db/client.js';
import { users } from '../../db/schema.js';

/** Pure: whether going from `before` to `after` turns the requirement on for an actor without 2FA. */
export const turnsOnTwoFactorWithout = (before: boolean, after: boolean, actorEnrolled: boolean) =>
  !before && after && !actorEnrolled;

/** The same, reading the actor's 2FA only when the requirement is being turned on. */
export async function locksOutActor(
  tx: Queryable,
  before: Pick<Settings, 'twoFactorAuth'>,
  after: boolean | undefined,
  actorId: string | undefined,
) {
  if (before.twoFactorAuth || !after) return false;
  const [row] = actorId
    ? await tx.select({ secret: users.totpSecret }).from(users).where(eq(users.id, actorId)).limit(1)
    : [];
  return turnsOnTwoFactorWithout(before.twoFactorAuth, after, !!row?.secret);
}
