/**
 * The storefront: anyone may browse what is on sale and sign up as a shopper; a logged-in user of any role
 * sees only their own orders. Drafts and withdrawn products are not for the public.
 */
import { mayBuyExclusive, type MemberBenefits, type MemberLevelName } from '../../../src/common/membership.js';
import { allow, PUBLIC, PUBLIC_IDENTIFIED } from '../../lib/access.js';
import { say, type Said } from '../../lib/errors.js';

/** The catalogue is public, and a logged-in member also sees the exclusive products of their level. */
export const shopAccess = { browse: PUBLIC, catalogue: PUBLIC_IDENTIFIED, own: allow('self') };

/** Only an active product is on sale; any other reads as not found, so drafts stay private. */
export const isOnSale = (product: { status: string }) => product.status === 'active';

/**
 * Whether this buyer (null: a visitor) may see the product at all: on sale, and not kept for a level above theirs.
 * Every shop answer (catalogue, product page, cart, checkout, redemption) treats any other product exactly as one that
 * does not exist, so its title, price and level are not learnt by asking for its id.
 */
export const shopMaySee = (
  product: { status: string; minMemberLevel?: string | null },
  member: ({ level: MemberLevelName } & Pick<MemberBenefits, 'exclusiveProducts'>) | null | undefined,
) => isOnSale(product) && mayBuyExclusive(member, product.minMemberLevel);

/** Every account made by signing up is a shopper, whatever the request says. */
export const SIGNUP_ROLE = 'user';

/** How long a sign-up's confirmation link works. */
export const SIGNUP_LINK_HOURS = 24;

export const signupConfirmUrl = (origin: string, token: string) =>
  `${origin}/shop/account?confirm=${encodeURIComponent(token)}`;

/** Why a stored sign-up may not be confirmed now (null: it may), with the HTTP status to answer. */
export function signupLinkRefusal(
  request: { usedAt: Date | null; expiresAt: Date } | null,
  now: Date,
): { status: 400 | 410; code: string; message: Said } | null {
  if (!request) return { status: 400, code: 'link_invalid', message: say('signup_link_invalid') };
  if (request.usedAt) return { status: 410, code: 'link_used', message: say('signup_link_used') };
  if (request.expiresAt <= now) return { status: 410, code: 'link_expired', message: say('signup_link_expired') };
  return null;
}
