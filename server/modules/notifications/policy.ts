/**
 * Notifications: everyone reads their own inbox; staff read all users' and the bulk sends; admins and operators send
 * (PRODUCT.md, Roles); admins alone read the email outbox (whole emails to anyone).
 */
import { say, type Said } from '../../lib/errors.js';
import type { Channel } from '../../../src/common/notifications.js';
import { allow, resourceAccess } from '../../lib/access.js';

export const notificationAccess = {
  ...resourceAccess('notifications'),
  own: allow('self'),
  outbox: allow('settings.manage'),
};

export const SKIPPED_SENTENCE = 'Email notifications were turned off in Settings before it was sent.';

/** Why a send on these channels is refused by the settings now, or null. */
export function channelRefusal(
  channels: readonly Channel[],
  s: { notifications: boolean; emailNotifications: boolean },
): Said | null {
  const inAppOff = channels.includes('in_app') && !s.notifications;
  const emailOff = channels.includes('email') && !s.emailNotifications;
  if (inAppOff && emailOff) return say('channels_off');
  if (inAppOff) return say('in_app_off');
  if (emailOff) return say('email_off');
  return null;
}
