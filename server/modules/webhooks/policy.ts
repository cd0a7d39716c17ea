/**
 * Webhooks: admins alone register endpoints, read their logs, replay and test (their secrets sign what others trust).
 * Where an endpoint may point is address.ts's rule; how long a rotated-away secret still signs is here.
 */
import { resourceAccess } from '../../lib/access.js';

export const webhookAccess = resourceAccess('webhooks');

/** After a rotation the old secret signs beside the new one for this long, so receivers can switch without a gap. */
export const ROTATION_OVERLAP_MS = 24 * 3600_000;
